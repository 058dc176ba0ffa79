export * from './constants';
export * from './messages';
export * from './money';
export * from './types';
export * from './endpoints';
export * as schemas from './schemas';

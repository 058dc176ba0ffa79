import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/shared/bridge';
import { relayCommands } from '../../src/renderer/src/api/commandRelay';

function bridge() {
  let send: (c: AppCommand) => void = () => {};
  let clock = 0;
  const onCommand = relayCommands(
    (l) => void (send = l),
    () => clock,
  );
  return { onCommand, send: (c: AppCommand) => send(c), tick: (ms: number) => void (clock += ms) };
}

describe("the desktop shell's commands (a clicked notification while the frame remounts)", () => {
  it('reach the listening screen at once', () => {
    const b = bridge();
    const heard: AppCommand[] = [];
    b.onCommand((c) => heard.push(c));
    b.send({ kind: 'navigate', path: '/gift-card/7' });
    expect(heard).toEqual([{ kind: 'navigate', path: '/gift-card/7' }]);
  });

  it('wait for the next listener when none listens, once each, in order', () => {
    const b = bridge();
    const stop = b.onCommand(() => {});
    stop();
    b.send({ kind: 'navigate', path: '/gift-card/7' });
    b.send({ kind: 'reload' });
    const heard: AppCommand[] = [];
    b.onCommand((c) => heard.push(c));
    expect(heard).toEqual([{ kind: 'navigate', path: '/gift-card/7' }, { kind: 'reload' }]);
    const again: AppCommand[] = [];
    b.onCommand((c) => again.push(c));
    expect(again).toEqual([]);
  });

  it('drop a command that waited more than 30 s, and keep the last 10', () => {
    const b = bridge();
    b.send({ kind: 'search' });
    b.tick(30_001);
    for (let i = 0; i < 12; i++) b.send({ kind: 'navigate', path: `/gift-card/${i}` });
    const heard: AppCommand[] = [];
    b.onCommand((c) => heard.push(c));
    expect(heard.map((c) => (c.kind === 'navigate' ? c.path : c.kind))).toEqual(
      Array.from({ length: 10 }, (_, i) => `/gift-card/${i + 2}`),
    );
  });
});

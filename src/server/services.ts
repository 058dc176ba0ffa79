import type { Config } from './config';
import type { Database } from './db/client';
import { createAuthService } from './modules/auth/service';
import { createUserService } from './modules/users/service';
import { createLedgerService } from './modules/ledger/service';
import { createSellerService } from './modules/sellers/service';
import { createReportService } from './modules/reports/service';
import { createImageStore, imagesDirOf } from './modules/images/store';
import { dbBackend, fsBackend, type ImageStoreKind } from './modules/images/backends';
import { createOfferService } from './modules/offers/service';
import { createCardService } from './modules/cards/service';
import { createCommentService } from './modules/comments/service';
import { createDashboardService } from './modules/dashboard/service';
import type { ImageSigner } from './modules/images/signing';

/** IMAGE_STORE, else photos in the database on PostgreSQL (shared by every instance) and in DATA_DIR on PGlite. */
export const imageStoreKind = (database: Database, config: Config): ImageStoreKind =>
  config.IMAGE_STORE ?? (database.kind === 'postgres' ? 'db' : 'fs');

/** Every domain service, built once per app over one database. */
export function createServices(database: Database, config: Config, signer: ImageSigner) {
  const images = createImageStore(imageStoreKind(database, config) === 'db' ? dbBackend(database) : fsBackend(imagesDirOf(config)));
  return {
    database,
    config,
    auth: createAuthService(database, { tokenTtlHours: config.TOKEN_TTL_HOURS }),
    users: createUserService(database),
    ledger: createLedgerService(database, { enabled: config.FOUR_EYES, bulkLimit: config.FOUR_EYES_BULK_LIMIT }),
    sellers: createSellerService(database),
    reports: createReportService(database),
    images,
    offers: createOfferService(database),
    cards: createCardService(database, images, signer),
    comments: createCommentService(database, images, signer),
    signer,
    dashboard: createDashboardService(database),
  };
}
export type Services = ReturnType<typeof createServices>;

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
import { createDisputeService } from './modules/ledger/disputes';
import { createStatementService } from './modules/statements/service';
import { createExportService } from './modules/exports/service';
import { createAuditService } from './modules/audit/service';
import { createSettingsService } from './modules/settings/service';
import { createRemedyService } from './modules/remedies/service';
import { createQaService } from './modules/qa/service';
import { createTrustService } from './modules/trust/service';
import { createAppealService } from './modules/appeals/service';
import { createAdjustmentService } from './modules/adjustments/service';
import { createHoldService } from './modules/holds/service';
import { createLinkService } from './modules/links/service';
import { createFiguresService } from './modules/figures/service';
import { createInboxService } from './modules/inbox/service';
import type { ImageSigner } from './modules/images/signing';
import { createEventService } from './modules/events/service';
import { createReviewService } from './modules/review/service';
import { createHistoryService } from './modules/review/history';
import { createJobBell } from './modules/jobs/bell';

/** IMAGE_STORE, else photos in the database on PostgreSQL (shared by every instance) and in DATA_DIR on PGlite. */
export const imageStoreKind = (database: Database, config: Config): ImageStoreKind =>
  config.IMAGE_STORE ?? (database.kind === 'postgres' ? 'db' : 'fs');

/** Every domain service, built once per app over one database. */
export function createServices(database: Database, config: Config, signer: ImageSigner) {
  const auth = createAuthService(database, { tokenTtlHours: config.TOKEN_TTL_HOURS });
  const images = createImageStore(imageStoreKind(database, config) === 'db' ? dbBackend(database) : fsBackend(imagesDirOf(config)));
  const jobs = createJobBell();
  const windows = { rejectionHours: config.APPEAL_WINDOW_HOURS, clawbackHours: config.CLAWBACK_APPEAL_WINDOW_HOURS };
  return {
    database,
    config,
    auth,
    users: createUserService(database),
    ledger: createLedgerService(database, {
      enabled: config.FOUR_EYES,
      limit: config.FOUR_EYES_LIMIT,
      windowHours: config.FOUR_EYES_WINDOW_HOURS,
    }),
    sellers: createSellerService(database),
    reports: createReportService(database),
    images,
    offers: createOfferService(database),
    jobs,
    cards: createCardService(database, images, signer, jobs, windows),
    comments: createCommentService(database, images, signer),
    signer,
    dashboard: createDashboardService(database),
    events: createEventService(database, auth),
    disputes: createDisputeService(database),
    statements: createStatementService(database),
    exports: createExportService(database),
    audit: createAuditService(database),
    settings: createSettingsService(config),
    remedies: createRemedyService(database),
    qa: createQaService(database, signer),
    trust: createTrustService(database),
    appeals: createAppealService(database, images, signer, jobs, windows),
    adjustments: createAdjustmentService(database),
    holds: createHoldService(database, { fourEyes: config.FOUR_EYES }),
    links: createLinkService(database),
    figures: createFiguresService(database),
    inbox: createInboxService(database),
    review: createReviewService(database, signer),
    history: createHistoryService(database),
  };
}
export type Services = ReturnType<typeof createServices>;

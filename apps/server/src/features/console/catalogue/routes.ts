import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogueEndpoints as endpoints } from '@kippu/contract/console/catalogue-endpoints';
import {
  deleteMembershipPromotion,
  getMembershipPromotion,
  putMembershipPromotion,
} from '../../../domain/catalogue/membership-promotion.ts';
import {
  createCatalogueProduct,
  deleteCatalogueProduct,
  listCatalogueProducts,
  readCatalogueProduct,
  reorderCatalogueProducts,
  setCatalogueProductStatus,
  updateCatalogueProduct,
} from '../../../domain/catalogue/products.ts';
import {
  createSetProduct,
  deleteSetProduct,
  listSetProducts,
  updateSetProduct,
} from '../../../domain/catalogue/set-products.ts';
import {
  createTicketType,
  deleteTicketType,
  reorderTicketTypes,
  updateTicketType,
} from '../../../domain/catalogue/ticket-types.ts';
import { AppError } from '../../../shared/app-error.ts';
import { consoleActor, registerConsoleEndpoint } from '../console-endpoint.ts';

const READ = { area: 'catalogue', level: 'read' } as const;
const WRITE = { area: 'catalogue', level: 'write' } as const;

/**
 * What the catalogue adds to registerConsoleEndpoint's site check (which already answered 404 for another
 * organisation's site, one the membership does not cover, or a role without the level), still before the
 * body and query are validated: marketing writes the catalogue's coupons only (issue 27's role table), so
 * for it every write here answers 404 too, as for a role without the write, whatever was sent. Answers
 * carry versions: never cached.
 */
function catalogueChecks(level: 'read' | 'write') {
  return {
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if (level === 'write' && request.consoleStaff.limits.catalogueCouponsOnly) {
        throw new AppError('record_not_found');
      }
      reply.header('cache-control', 'private, no-store');
    },
  };
}
const READ_CHECKS = catalogueChecks('read');
const WRITE_CHECKS = catalogueChecks('write');

/** The console's catalogue routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function catalogueConsoleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  registerConsoleEndpoint(
    app,
    endpoints.consoleListProducts,
    READ,
    async (request) => {
      const { site } = request.params;
      return { products: await listCatalogueProducts(db, site) };
    },
    READ_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleGetProduct,
    READ,
    async (request) => {
      const { site } = request.params;
      return { product: await readCatalogueProduct(db, site, request.params.id) };
    },
    READ_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return { product: await createCatalogueProduct(db, consoleActor(request), site, request.body) };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const product = await updateCatalogueProduct(
        db,
        consoleActor(request),
        site,
        request.params.id,
        request.body,
      );
      return { product };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleReorderProducts,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return {
        products: await reorderCatalogueProducts(db, consoleActor(request), site, request.body.products),
      };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleDeleteProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      await deleteCatalogueProduct(
        db,
        consoleActor(request),
        site,
        request.params.id,
        request.query.expected_version,
      );
      return { deleted: true as const };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consolePublishProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
        status: 'published',
        expectedVersion: request.body.expected_version,
        confirmFallback: request.body.confirm_fallback,
      });
      return { product };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUnpublishProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
        status: 'draft',
        expectedVersion: request.body.expected_version,
      });
      return { product };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleRetireProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
        status: 'retired',
        expectedVersion: request.body.expected_version,
      });
      return { product };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateTicketType,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return {
        product: await createTicketType(db, consoleActor(request), site, request.params.id, request.body),
      };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleReorderTicketTypes,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return {
        product: await reorderTicketTypes(db, consoleActor(request), site, request.params.id, request.body),
      };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateTicketType,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return {
        product: await updateTicketType(db, consoleActor(request), site, request.params.id, request.body),
      };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleDeleteTicketType,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const { id } = request.params;
      return {
        product: await deleteTicketType(db, consoleActor(request), site, id, request.query.expected_version),
      };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleListSetProducts,
    READ,
    async (request) => {
      const { site } = request.params;
      return { set_products: await listSetProducts(db, site) };
    },
    READ_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleCreateSetProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return { set_product: await createSetProduct(db, consoleActor(request), site, request.body) };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleUpdateSetProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      const setProduct = await updateSetProduct(
        db,
        consoleActor(request),
        site,
        request.params.id,
        request.body,
      );
      return { set_product: setProduct };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleDeleteSetProduct,
    WRITE,
    async (request) => {
      const { site } = request.params;
      await deleteSetProduct(
        db,
        consoleActor(request),
        site,
        request.params.id,
        request.query.expected_version,
      );
      return { deleted: true as const };
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleGetMembershipPromotion,
    READ,
    async (request) => {
      const { site } = request.params;
      return getMembershipPromotion(db, site);
    },
    READ_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consolePutMembershipPromotion,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return putMembershipPromotion(db, consoleActor(request), site, request.body);
    },
    WRITE_CHECKS,
  );

  registerConsoleEndpoint(
    app,
    endpoints.consoleDeleteMembershipPromotion,
    WRITE,
    async (request) => {
      const { site } = request.params;
      return deleteMembershipPromotion(db, consoleActor(request), site, request.query.expected_version);
    },
    WRITE_CHECKS,
  );
}

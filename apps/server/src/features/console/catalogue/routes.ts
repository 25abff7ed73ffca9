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
import { consoleActor, consoleSite, registerConsoleEndpoint } from '../console-endpoint.ts';

const READ = { area: 'catalogue', level: 'read' } as const;
const WRITE = { area: 'catalogue', level: 'write' } as const;

/** A site the staff member may read the catalogue of; answers are never cached (they carry versions). */
async function readSite(request: FastifyRequest, reply: FastifyReply, site: string): Promise<string> {
  const found = await consoleSite(request, site, 'catalogue', 'read');
  reply.header('cache-control', 'private, no-store');
  return found.code;
}

/**
 * A site the staff member may change products of. Marketing writes the catalogue's coupons only (issue 27's
 * role table): for it the product routes answer as for a role without the write, 404.
 */
async function writeSite(request: FastifyRequest, reply: FastifyReply, site: string): Promise<string> {
  const found = await consoleSite(request, site, 'catalogue', 'write');
  if (request.consoleStaff.limits.catalogueCouponsOnly) throw new AppError('record_not_found');
  reply.header('cache-control', 'private, no-store');
  return found.code;
}

/** The console's catalogue routes (issue 28), under `/console/api/v1`; each calls one domain function. */
export async function catalogueConsoleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  registerConsoleEndpoint(app, endpoints.consoleListProducts, READ, async (request, reply) => {
    const site = await readSite(request, reply, request.params.site);
    return { products: await listCatalogueProducts(db, site) };
  });

  registerConsoleEndpoint(app, endpoints.consoleGetProduct, READ, async (request, reply) => {
    const site = await readSite(request, reply, request.params.site);
    return { product: await readCatalogueProduct(db, site, request.params.id) };
  });

  registerConsoleEndpoint(app, endpoints.consoleCreateProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return { product: await createCatalogueProduct(db, consoleActor(request), site, request.body) };
  });

  registerConsoleEndpoint(app, endpoints.consoleUpdateProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const product = await updateCatalogueProduct(
      db,
      consoleActor(request),
      site,
      request.params.id,
      request.body,
    );
    return { product };
  });

  registerConsoleEndpoint(app, endpoints.consoleReorderProducts, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return {
      products: await reorderCatalogueProducts(db, consoleActor(request), site, request.body.products),
    };
  });

  registerConsoleEndpoint(app, endpoints.consoleDeleteProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    await deleteCatalogueProduct(
      db,
      consoleActor(request),
      site,
      request.params.id,
      request.query.expected_version,
    );
    return { deleted: true as const };
  });

  registerConsoleEndpoint(app, endpoints.consolePublishProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
      status: 'published',
      expectedVersion: request.body.expected_version,
      confirmFallback: request.body.confirm_fallback,
    });
    return { product };
  });

  registerConsoleEndpoint(app, endpoints.consoleUnpublishProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
      status: 'draft',
      expectedVersion: request.body.expected_version,
    });
    return { product };
  });

  registerConsoleEndpoint(app, endpoints.consoleRetireProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const product = await setCatalogueProductStatus(db, consoleActor(request), site, request.params.id, {
      status: 'retired',
      expectedVersion: request.body.expected_version,
    });
    return { product };
  });

  registerConsoleEndpoint(app, endpoints.consoleCreateTicketType, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return {
      product: await createTicketType(db, consoleActor(request), site, request.params.id, request.body),
    };
  });

  registerConsoleEndpoint(app, endpoints.consoleReorderTicketTypes, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return {
      product: await reorderTicketTypes(db, consoleActor(request), site, request.params.id, request.body),
    };
  });

  registerConsoleEndpoint(app, endpoints.consoleUpdateTicketType, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return {
      product: await updateTicketType(db, consoleActor(request), site, request.params.id, request.body),
    };
  });

  registerConsoleEndpoint(app, endpoints.consoleDeleteTicketType, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const { id } = request.params;
    return {
      product: await deleteTicketType(db, consoleActor(request), site, id, request.query.expected_version),
    };
  });

  registerConsoleEndpoint(app, endpoints.consoleListSetProducts, READ, async (request, reply) => {
    const site = await readSite(request, reply, request.params.site);
    return { set_products: await listSetProducts(db, site) };
  });

  registerConsoleEndpoint(app, endpoints.consoleCreateSetProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return { set_product: await createSetProduct(db, consoleActor(request), site, request.body) };
  });

  registerConsoleEndpoint(app, endpoints.consoleUpdateSetProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    const setProduct = await updateSetProduct(
      db,
      consoleActor(request),
      site,
      request.params.id,
      request.body,
    );
    return { set_product: setProduct };
  });

  registerConsoleEndpoint(app, endpoints.consoleDeleteSetProduct, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    await deleteSetProduct(
      db,
      consoleActor(request),
      site,
      request.params.id,
      request.query.expected_version,
    );
    return { deleted: true as const };
  });

  registerConsoleEndpoint(app, endpoints.consoleGetMembershipPromotion, READ, async (request, reply) => {
    const site = await readSite(request, reply, request.params.site);
    return getMembershipPromotion(db, site);
  });

  registerConsoleEndpoint(app, endpoints.consolePutMembershipPromotion, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return putMembershipPromotion(db, consoleActor(request), site, request.body);
  });

  registerConsoleEndpoint(app, endpoints.consoleDeleteMembershipPromotion, WRITE, async (request, reply) => {
    const site = await writeSite(request, reply, request.params.site);
    return deleteMembershipPromotion(db, consoleActor(request), site, request.query.expected_version);
  });
}

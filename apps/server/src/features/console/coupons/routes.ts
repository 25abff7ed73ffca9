import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permits } from '@kippu/contract';
import { couponsEndpoints as endpoints } from '@kippu/contract/console/coupons-endpoints';
import {
  createCoupon,
  getCoupon,
  listCoupons,
  setCouponEnabled,
  updateCoupon,
} from '../../../domain/coupons/coupon-admin.ts';
import {
  couponBatchCsv,
  createCouponBatch,
  getCouponBatch,
  listCouponBatches,
  setCouponBatchEnabled,
  updateCouponBatch,
} from '../../../domain/coupons/coupon-batches.ts';
import { listCouponCampaigns, putCouponCampaign } from '../../../domain/coupons/coupon-campaigns.ts';
import { couponUses } from '../../../domain/coupons/coupon-uses.ts';
import { couponPaymentMethods } from '../../../domain/coupons/payment-method-coupons.ts';
import { sendPrivateDownload } from '../../../shared/private-download.ts';
import {
  consoleActor,
  consoleSite,
  registerConsoleEndpoint,
  type ConsoleStaff,
} from '../console-endpoint.ts';

const READ = { area: 'catalogue', level: 'read' } as const;
const WRITE = { area: 'catalogue', level: 'write' } as const;

/** Reservation numbers only for staff who may read orders (the orders area). */
const ordersVisible = (request: FastifyRequest) =>
  permits((request.consoleStaff as ConsoleStaff).permissions.orders, 'read');

/**
 * The console's coupons routes (issue 28, ADR 070), under `/console/api/v1`; each calls one domain function.
 * Area `catalogue`: every role writing the catalogue writes coupons (marketing's coupons-only limit is that).
 */
export async function couponsConsoleRoutes(app: FastifyInstance): Promise<void> {
  const site = (request: FastifyRequest, code: string, level: 'read' | 'write') =>
    consoleSite(request, code, 'catalogue', level);

  registerConsoleEndpoint(app, endpoints.consoleListCoupons, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return listCoupons(app.db, code, request.query);
  });
  registerConsoleEndpoint(app, endpoints.consoleGetCoupon, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { coupon: await getCoupon(app.db, code, request.params.id) };
  });
  registerConsoleEndpoint(app, endpoints.consoleCreateCoupon, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return { coupon: await createCoupon(app.db, consoleActor(request), code, request.body) };
  });
  registerConsoleEndpoint(app, endpoints.consoleUpdateCoupon, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return {
      coupon: await updateCoupon(app.db, consoleActor(request), code, request.params.id, request.body),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleSetCouponEnabled, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return {
      coupon: await setCouponEnabled(app.db, consoleActor(request), code, request.params.id, request.body),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleListCouponUses, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return couponUses(app.db, code, { couponId: request.params.id }, ordersVisible(request));
  });

  registerConsoleEndpoint(app, endpoints.consoleListCouponBatches, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { batches: await listCouponBatches(app.db, code) };
  });
  registerConsoleEndpoint(app, endpoints.consoleGetCouponBatch, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { batch: await getCouponBatch(app.db, code, request.params.id) };
  });
  registerConsoleEndpoint(app, endpoints.consoleCreateCouponBatch, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return { batch: await createCouponBatch(app.db, consoleActor(request), code, request.body) };
  });
  registerConsoleEndpoint(app, endpoints.consoleUpdateCouponBatch, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return {
      batch: await updateCouponBatch(app.db, consoleActor(request), code, request.params.id, request.body),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleSetCouponBatchEnabled, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    return {
      batch: await setCouponBatchEnabled(
        app.db,
        consoleActor(request),
        code,
        request.params.id,
        request.body,
      ),
    };
  });
  registerConsoleEndpoint(app, endpoints.consoleListCouponBatchUses, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return couponUses(app.db, code, { batchId: request.params.id }, ordersVisible(request));
  });
  registerConsoleEndpoint(app, endpoints.consoleDownloadCouponBatch, READ, async (request, reply) => {
    const { code } = await site(request, request.params.site, 'read');
    const file = await couponBatchCsv(app.db, code, request.params.id);
    return sendPrivateDownload(reply, 'text/csv; charset=utf-8', {
      filename: file.filename,
      content: file.csv,
    });
  });

  registerConsoleEndpoint(app, endpoints.consoleListCouponCampaigns, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { campaigns: await listCouponCampaigns(app.db, code) };
  });
  registerConsoleEndpoint(app, endpoints.consolePutCouponCampaign, WRITE, async (request) => {
    const { code } = await site(request, request.params.site, 'write');
    const campaign = await putCouponCampaign(
      app.db,
      consoleActor(request),
      code,
      request.params.campaign,
      request.body,
    );
    return { campaign };
  });
  registerConsoleEndpoint(app, endpoints.consoleListCouponPaymentMethods, READ, async (request) => {
    const { code } = await site(request, request.params.site, 'read');
    return { payment_methods: await couponPaymentMethods(app.db, code) };
  });
}

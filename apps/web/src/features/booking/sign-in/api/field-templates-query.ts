import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** GET /field_templates: the site's order-form fields (display, required), in the site's order. */
export const fieldTemplatesQuery = () =>
  queryOptions({
    queryKey: ['field_templates'],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.fieldTemplates, { signal });
      return data;
    },
    staleTime: Infinity,
  });

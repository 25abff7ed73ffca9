import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Order-form field names (spec §3) and the form key each one is edited under. */
export const FIELD_FORM_KEYS = {
  address: 'address',
  age: 'age',
  email: 'email',
  fullname: 'name',
  gender: 'gender',
  mail_magazine: 'acceptMailMagazine',
  teamlab_mail_magazine: 'acceptTeamLabMailMagazine',
  phone: 'phone',
  resident_area: 'residentArea',
  questionnaire1: 'questionnaire1',
  questionnaire2: 'questionnaire2',
  questionnaire3: 'questionnaire3',
} as const;
export const FIELD_NAMES = Object.keys(FIELD_FORM_KEYS) as (keyof typeof FIELD_FORM_KEYS)[];
export const fieldNameSchema = z.enum(
  FIELD_NAMES as [keyof typeof FIELD_FORM_KEYS, ...(keyof typeof FIELD_FORM_KEYS)[]],
);
export type FieldName = z.infer<typeof fieldNameSchema>;

/** GET /api/v1/field_templates */
export const fieldTemplateSchema = z.object({
  field_name: fieldNameSchema,
  field_type: z.enum(['text', 'select']),
  is_display: z.boolean(),
  is_require: z.boolean(),
});
export const fieldTemplatesResponseSchema = z.array(fieldTemplateSchema);
export type FieldTemplate = z.infer<typeof fieldTemplateSchema>;

export const fieldTemplatesEndpoint = defineEndpoint('fieldTemplates', {
  responses: { 200: fieldTemplatesResponseSchema },
});

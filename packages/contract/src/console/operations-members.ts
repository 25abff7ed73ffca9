import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The member CSV (README "Membership login", `npm run import-members`): the same rules, answered line by
 * line. `csv` is the file's text; at most about 2 MB (a few tens of thousands of members).
 */
export const importMembersBodySchema = z.object({
  csv: storableText().min(1).max(2_000_000),
  /** Replace the details and password of members already there (the CLI's `--update`). */
  update: z.boolean().default(false),
});

/** `not_imported`: a good line of a file that another line made refuse. */
export const MEMBER_IMPORT_RESULTS = ['added', 'updated', 'unchanged', 'not_imported', 'error'] as const;

export const memberImportLineSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
  result: z.enum(MEMBER_IMPORT_RESULTS),
  /** Why the line was refused (English, as the CLI says it), for `error`. */
  message: z.string().optional(),
});

export const importMembersResponseSchema = z.object({
  /** false when any line (or the header) is wrong: then nothing is imported, as with the CLI. */
  imported: z.boolean(),
  /** A problem of the whole file (no header, an unknown column, bad CSV). */
  file_error: z.string().nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  lines: z.array(memberImportLineSchema),
});
export type ImportMembersResponse = z.infer<typeof importMembersResponseSchema>;

/** A visitor's invitation (ADR 020, MORI): `npm run invite` from the console. */
export const createVisitorInvitationBodySchema = z.object({
  email: storableText().trim().min(3).max(254),
  lang: langCodeSchema,
  product_uuid: z.uuid(),
  time_span_id: z.number().int().positive(),
  tickets: z
    .array(
      z.object({
        option_value_id: z.number().int().positive(),
        quantity: z.number().int().positive().max(100),
      }),
    )
    .min(1)
    .max(20),
});

export const INVITATION_STATES = ['sent', 'accepted', 'revoked'] as const;

export const visitorInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  lang: langCodeSchema,
  product_uuid: z.string(),
  product_name: z.string(),
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  tickets: z.array(z.object({ option_value_id: z.number().int(), quantity: z.number().int() })),
  state: z.enum(INVITATION_STATES),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const visitorInvitationListSchema = z.object({ invitations: z.array(visitorInvitationSchema) });

export const createdVisitorInvitationSchema = z.object({
  invitation: visitorInvitationSchema,
  /** The link the mail carries: it opens the order (secret: it holds the invitation's token). */
  url: secretToken(z.string()),
});

import { z } from 'zod';
import { langCodeSchema, siteCodeSchema } from '../enum-schemas.ts';
import { ROLE_TEMPLATE_KEYS, permissionsSchema, roleLimitsSchema } from './permissions.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The shapes of the console's identity calls (issue 27, ADR 064). Everything that opens something by
 * itself (passwords, codes, tokens, the TOTP seed, the CSRF token) carries the secret marker, so the server's
 * logs and error reports never hold it (ADR 049). New passwords are only bounded here: their rules (length,
 * the list of common and breached passwords) are the domain's and answer `console password rules`.
 */

/** A console id in a path (`/staff/:id`): a positive integer. */
export const consoleIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a positive integer id')
  .transform(Number);
export const consoleIdParamsSchema = z.object({ id: consoleIdSchema });

export const staffEmailSchema = z.email().max(254);
/** A password as typed at sign-in or re-authentication (the rules apply when one is chosen). */
export const passwordSchema = secretToken(storableText().min(1).max(1024));
/** A one-time code: six TOTP digits, or a recovery code (letters, digits, dashes). */
export const secondFactorCodeSchema = secretToken(storableText().trim().min(6).max(40));
/** The token of an invitation or password-reset link (base64url). */
export const linkTokenSchema = secretToken(z.string().regex(/^[A-Za-z0-9_-]{16,128}$/));
export const linkTokenParamsSchema = z.object({ token: linkTokenSchema });
export const staffNameSchema = storableText().trim().min(1).max(100);

/**
 * Where a session stands with its second factor: `done`, `not-required` (the role asks none and none is
 * enrolled), `needed` (enter a code), `enrolment-needed` (the role asks one and none is enrolled yet: set it
 * up first). Until it is `done` or `not-required`, only the session and the enrolment calls answer.
 */
export const SECOND_FACTOR_STATES = ['done', 'not-required', 'needed', 'enrolment-needed'] as const;
export const secondFactorStateSchema = z.enum(SECOND_FACTOR_STATES);
export type SecondFactorState = z.infer<typeof secondFactorStateSchema>;

export const csrfTokenSchema = secretToken(z.string());
export const okSchema = z.object({ ok: z.literal(true) });

// POST /session
export const signInBodySchema = z.object({ email: staffEmailSchema, password: passwordSchema });
export const signInResponseSchema = z.object({
  secondFactor: secondFactorStateSchema,
  csrfToken: csrfTokenSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const roleTemplateKeySchema = z.enum(ROLE_TEMPLATE_KEYS);
/**
 * A site the membership covers, with what the console's menu needs to know of it (ADR 128): whether it
 * offers membership login, and whether it keeps members (also after that login was switched off: they stay
 * until erased).
 */
export const consoleSiteSchema = z.object({
  code: z.string(),
  name: z.string(),
  membershipLogin: z.boolean(),
  hasMembers: z.boolean(),
});
export type ConsoleSite = z.infer<typeof consoleSiteSchema>;

// GET /session
export const sessionResponseSchema = z.object({
  staff: z.object({ id: z.number().int(), email: z.string(), name: z.string(), lang: langCodeSchema }),
  organisation: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string(), template: roleTemplateKeySchema.nullable() }),
  permissions: permissionsSchema,
  limits: roleLimitsSchema,
  /**
   * The sites the membership covers (every site of the organisation when all sites): code, name in the
   * staff member's language, and the facts the menu needs.
   */
  sites: z.array(consoleSiteSchema),
  allSites: z.boolean(),
  csrfToken: csrfTokenSchema,
  secondFactor: secondFactorStateSchema,
  totpEnabled: z.boolean(),
  /** Unused recovery codes left (null: no second factor enrolled), so the console can warn when few are. */
  recoveryCodesLeft: z.number().int().nonnegative().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// POST /session/second-factor
export const secondFactorBodySchema = z.object({ code: secondFactorCodeSchema });
export const secondFactorResponseSchema = z.object({ secondFactor: secondFactorStateSchema });

// POST /session/reauthenticate
export const reauthenticateBodySchema = z.object({ password: passwordSchema });
/** Until when sensitive changes need no password again (ISO time). */
export const reauthenticateResponseSchema = z.object({ reauthenticatedUntil: z.string() });

// POST /session/others/end
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });

// POST /me/totp, PUT /me/totp
export const startTotpResponseSchema = z.object({
  /** Base32 seed, shown once beside the QR for apps that cannot scan. */
  secret: secretToken(z.string()),
  otpauthUri: secretToken(z.string()),
});
export const confirmTotpBodySchema = z.object({ code: secondFactorCodeSchema });
export const confirmTotpResponseSchema = z.object({ recoveryCodes: z.array(secretToken(z.string())) });

// POST /me/recovery-codes: a new set (the old ones stop working), shown once.
export const renewRecoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(secretToken(z.string())),
});

// PUT /me/password
export const changePasswordBodySchema = z.object({
  currentPassword: passwordSchema,
  newPassword: passwordSchema,
});
/** Every session of the member ended; this browser goes on in a new one, with a new CSRF token. */
export const changePasswordResponseSchema = z.object({ csrfToken: csrfTokenSchema });

/** The sites a membership or an invitation covers: every site of the organisation, or these. */
export const siteScopeSchema = z.object({
  allSites: z.boolean(),
  siteCodes: z.array(siteCodeSchema).max(500),
});

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  lang: langCodeSchema,
  role: z.object({ id: z.number().int(), name: z.string(), template: roleTemplateKeySchema.nullable() }),
  allSites: z.boolean(),
  siteCodes: z.array(z.string()),
  totpEnabled: z.boolean(),
  /** When the member last used the console in this organisation (null: never signed in). */
  lastSeenAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });

// POST /staff/invitations, GET /staff/invitations
export const inviteStaffBodySchema = z
  .object({
    email: staffEmailSchema,
    name: staffNameSchema,
    lang: langCodeSchema,
    roleId: z.number().int().positive(),
  })
  .extend(siteScopeSchema.shape);
/** An open invitation (not accepted, revoked or expired yet). */
export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  lang: langCodeSchema,
  roleId: z.number().int(),
  roleName: z.string(),
  allSites: z.boolean(),
  siteCodes: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
/** The invitation made; its link goes by mail (and the dev mail page), never in this answer. */
export const inviteStaffResponseSchema = z.object({ invitationId: z.number().int(), expiresAt: z.string() });
export const staffInvitationsResponseSchema = z.object({ invitations: z.array(staffInvitationSchema) });

// PUT /staff/:id/membership
export const updateMembershipBodySchema = z
  .object({ roleId: z.number().int().positive() })
  .extend(siteScopeSchema.shape);

// GET /roles, POST /roles, PUT /roles/:id
export const staffRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  template: roleTemplateKeySchema.nullable(),
  permissions: permissionsSchema,
  limits: roleLimitsSchema,
  requireSecondFactor: z.boolean(),
});
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const rolesResponseSchema = z.object({ roles: z.array(staffRoleSchema) });
export const roleBodySchema = z.object({
  name: storableText().trim().min(1).max(100),
  permissions: permissionsSchema,
  limits: roleLimitsSchema,
  requireSecondFactor: z.boolean(),
});
export const roleResponseSchema = z.object({ role: staffRoleSchema });

// GET /invitations/:token, POST /invitations/:token
export const invitationPreviewResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  lang: langCodeSchema,
  organisationName: z.string(),
  /** The role's stored name: a template's copy is named by `roleTemplate` in the reader's language. */
  roleName: z.string(),
  roleTemplate: roleTemplateKeySchema.nullable(),
  /** The address already has an account: accepting asks for its current password, not a new one. */
  existingAccount: z.boolean(),
});
export const acceptInvitationBodySchema = z.object({
  name: staffNameSchema.optional(),
  password: passwordSchema,
});

// POST /password-resets, PUT /password-resets/:token
export const requestPasswordResetBodySchema = z.object({ email: staffEmailSchema });
export const resetPasswordBodySchema = z.object({ password: passwordSchema });

import { ROLE_TEMPLATE_KEYS } from '@kippu/contract/console/permissions';
import { useConsoleI18n, type Translate } from './console-i18n.tsx';

const TEMPLATES: ReadonlySet<string> = new Set(ROLE_TEMPLATE_KEYS);

/**
 * A role as the staff member reads it: a template's copy by the template's name in their language (the
 * stored name is the one it was created with, in whatever language that was); a custom role by its own name.
 */
export function roleName(t: Translate, role: { name: string; template?: string | null | undefined }): string {
  return role.template && TEMPLATES.has(role.template) ? t(`role_${role.template}`) : role.name;
}

export function useRoleName(): (role: { name: string; template?: string | null | undefined }) => string {
  const { t } = useConsoleI18n();
  return (role) => roleName(t, role);
}

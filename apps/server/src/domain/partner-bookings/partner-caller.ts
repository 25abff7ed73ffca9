/**
 * Who calls the partner API (issue 30, ADR 090): a partner's API token as the token helper authenticated it.
 * The feature maps the helper's principal to this, so the domain does not depend on how tokens are checked.
 */
export interface PartnerCaller {
  tokenId: number;
  organisationId: number;
  partnerId: number;
  /** The sites the token covers; null: every site of the organisation. */
  siteCodes: string[] | null;
  name: string;
}

/** SQL-ready site scope: null covers every site. */
export function siteScope(caller: PartnerCaller): string[] | null {
  return caller.siteCodes;
}

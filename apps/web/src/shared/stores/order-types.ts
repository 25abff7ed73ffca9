// The saved order's shapes, which the core store and the spot store both keep: here, below both, so the
// spot store need not import the core store that resets it (ADR 062: no import cycles, type-only ones too).
export type ProductOption = { name: string; price: number; count: number; productTimespanID: number };
export type SavedOrder = { productOptions: ProductOption[]; [field: string]: unknown };
export type GtmConversionData = { options: ProductOption[]; timeSpanId: number | null };

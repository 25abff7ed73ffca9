import { parseAst, type Plugin } from 'vite';

/** The contract's own modules (not its tests), after Vite has turned them into JavaScript. */
const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/](?:(?!\.test\.)[^?])+\.ts$/;

type Node = { type: string; start: number; end: number };
type Declarator = { init: Node | null };
type Statement = Node & { declaration?: Statement | null; declarations?: Declarator[] };

/** The module's code with each module-level constant computed by a call wrapped in a pure arrow call. */
export function markConstantsPure(code: string): string {
  const program = parseAst(code) as unknown as { body: Statement[] };
  const edits: { at: number; text: string }[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations ?? []) {
      if (init?.type !== 'CallExpression' && init?.type !== 'NewExpression') continue;
      edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
    }
  }
  let out = '';
  let from = 0;
  for (const { at, text } of edits) {
    out += code.slice(from, at) + text;
    from = at;
  }
  return out + code.slice(from);
}

/**
 * Marks every module-level constant of the contract that is computed by a call as pure, so that a page
 * which keeps one constant of a module (a field list, a token's name) no longer keeps all the others with
 * zod behind them. `manualPureFunctions` (vite.config.ts) only covers calls of `z` itself: a schema built
 * from another (`tokenSchema.extend()`, `salesChannelSchema.default()`, `secretToken(schema)`) or from an
 * object with a spread was kept, and with it zod (≈22 KB brotli) on the spot order-fields route and, through
 * i18n-text.ts, on the sign-in route (ADR 118). A kept constant is still computed where it was, in the same
 * order; only an unused one is dropped, and the contract's constants do nothing the visitors' page needs
 * but give their value (the secret marker's registry is the server's, ADR 049).
 */
export function pureContractConstants(): Plugin {
  return {
    name: 'kippu-pure-contract-constants',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      return CONTRACT_MODULE.test(id) ? { code: markConstantsPure(code), map: null } : null;
    },
  };
}

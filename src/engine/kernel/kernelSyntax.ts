import type { SourcePosition } from './syntaxNode';

/**
 * A kernel's source as the analyzer runs it: plain records made once from the parser's tree, so
 * that running a loop 30,000 times never walks the parser's own (far slower) nodes.
 */
export interface TypeName {
  /** The spelling, qualifiers dropped and words normalised: `unsigned int`, `float4`, `T`. */
  readonly name: string;
  /** Pointer levels written with it (`float*` is 1). */
  readonly pointers: number;
  readonly position: SourcePosition;
}

interface At {
  readonly at: SourcePosition;
  /** The source text of the node, for messages that quote it. */
  readonly text: string;
}

export type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '&&' | '||';

export interface AsmOperand {
  readonly constraint: string;
  readonly value: Expression;
}

export type Expression = At &
  (
    | { readonly kind: 'number'; readonly value: number; readonly type: string }
    | { readonly kind: 'float'; readonly type: 'float' | 'double' }
    | { readonly kind: 'string' }
    | { readonly kind: 'name'; readonly name: string }
    | { readonly kind: 'member'; readonly object: Expression; readonly field: string; readonly arrow: boolean }
    | { readonly kind: 'index'; readonly array: Expression; readonly index: Expression }
    | {
        readonly kind: 'call';
        readonly callee: string;
        readonly templateArgs: readonly (Expression | TypeName)[] | null;
        readonly args: readonly Expression[];
        /** The object a method is called on (`cta.sync()`), or `null` for a plain call. */
        readonly receiver: Expression | null;
      }
    | { readonly kind: 'unary'; readonly op: '-' | '+' | '~' | '!' | '*' | '&'; readonly of: Expression }
    | { readonly kind: 'update'; readonly op: '++' | '--'; readonly prefix: boolean; readonly of: Expression }
    | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: Expression; readonly right: Expression }
    | { readonly kind: 'assign'; readonly op: string; readonly left: Expression; readonly right: Expression }
    | { readonly kind: 'conditional'; readonly test: Expression; readonly then: Expression; readonly else: Expression }
    | { readonly kind: 'comma'; readonly left: Expression; readonly right: Expression }
    | { readonly kind: 'cast'; readonly to: TypeName; readonly of: Expression; readonly reinterpret: boolean }
    | { readonly kind: 'sizeof'; readonly type: TypeName | null; readonly of: Expression | null }
    | {
        readonly kind: 'asm';
        readonly code: string;
        readonly outputs: readonly AsmOperand[];
        readonly inputs: readonly AsmOperand[];
      }
    | { readonly kind: 'list'; readonly items: readonly Expression[] }
  );

/** One name a declaration declares: `tile[32][33]`, `*p = &tile[0][0]`, `&r = x`. */
export interface Declarator {
  readonly name: string;
  readonly at: SourcePosition;
  readonly pointers: number;
  readonly reference: boolean;
  /** Array dimensions, outermost first; `null` for an unsized one (`extern __shared__ float s[]`). */
  readonly dims: readonly (Expression | null)[];
  readonly init: Expression | null;
}

/** What a declaration says of its storage: CUDA's qualifiers (read as attributes) and C's. */
export interface Storage {
  readonly shared: boolean;
  readonly extern: boolean;
  /** `const` or `constexpr`. */
  readonly isConst: boolean;
  /** `__align__(n)`'s n as written; `null` when there is none. */
  readonly align: Expression | null;
}

export type Statement = At &
  (
    | { readonly kind: 'block'; readonly body: readonly Statement[] }
    | { readonly kind: 'expression'; readonly expression: Expression }
    | {
        readonly kind: 'declaration';
        readonly type: TypeName;
        readonly storage: Storage;
        readonly declarators: readonly Declarator[];
      }
    | { readonly kind: 'if'; readonly test: Expression; readonly then: Statement; readonly else: Statement | null }
    | {
        readonly kind: 'for';
        readonly init: Statement | null;
        readonly test: Expression | null;
        readonly update: Expression | null;
        readonly body: Statement;
        /** The names a person reads as the loop's variables (its init's, else its test's). */
        readonly variables: readonly string[];
      }
    | {
        readonly kind: 'while';
        readonly test: Expression;
        readonly body: Statement;
        readonly post: boolean;
        readonly variables: readonly string[];
      }
    | { readonly kind: 'break' }
    | { readonly kind: 'continue' }
    | { readonly kind: 'return'; readonly value: Expression | null }
    | { readonly kind: 'empty' }
  );

export interface Parameter {
  readonly name: string;
  readonly type: TypeName;
  readonly reference: boolean;
  readonly at: SourcePosition;
  readonly default: Expression | null;
}

/** A template parameter: `int TILE` (a value) or `typename T` (a type). */
export interface TemplateParameter {
  readonly name: string;
  readonly type: TypeName | null;
  readonly at: SourcePosition;
  /** Its default: a value for a value parameter, a type for a type parameter. */
  readonly default: Expression | TypeName | null;
}

export interface FunctionDefinition {
  readonly name: string;
  readonly at: SourcePosition;
  readonly global: boolean;
  readonly returns: TypeName;
  readonly parameters: readonly Parameter[];
  readonly template: readonly TemplateParameter[] | null;
  /** The body, converted when first run: a function that is never called is never read. */
  readonly body: () => Statement;
  /** Where the parser found the definition's first syntax error; `null` when it has none. */
  readonly syntaxError: SourcePosition | null;
}

/** What the file declares at its top level, by name. */
export interface KernelProgram {
  readonly functions: ReadonlyMap<string, FunctionDefinition>;
  /** File-scope declarations (constants, `__shared__` arrays, global variables), in source order. */
  readonly declarations: readonly Extract<Statement, { kind: 'declaration' }>[];
  readonly typedefs: ReadonlyMap<string, TypeName>;
  /** The syntax errors the parser found, in source order. */
  readonly syntaxErrors: readonly SourcePosition[];
}

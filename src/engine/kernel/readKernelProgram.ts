import { KernelRefusal } from './kernelError';
import { convertExpression, convertType, findError, getField, getNamedChildren, refuseNode } from './convertExpression';
import { convertDeclaration, convertStatement, convertTypedef, getAttributes } from './convertStatement';
import type {
  FunctionDefinition,
  KernelProgram,
  Parameter,
  Statement,
  TemplateParameter,
  TypeName,
} from './kernelSyntax';
import { getNodePosition, type SourcePosition, type SyntaxNode } from './syntaxNode';

type Declaration = Extract<Statement, { kind: 'declaration' }>;

/**
 * What a parsed file declares at its top level: functions, file-scope declarations and typedefs,
 * looked up by name as the kernel runs (the preprocessor has already expanded every `#define`).
 * Function bodies are converted on first call.
 *
 * @remarks
 * Only what the chosen kernel reaches is read closely, so host code beside it (with its
 * `<<<…>>>` launches, already blanked) may use any C++ the parser takes.
 */
export function readKernelProgram(root: SyntaxNode): KernelProgram {
  const functions = new Map<string, FunctionDefinition>();
  const declarations: Declaration[] = [];
  const typedefs = new Map<string, TypeName>();
  const syntaxErrors: SourcePosition[] = [];
  const visit = (node: SyntaxNode, template: TemplateParameter[] | null) => {
    if (node.hasError || node.isError) {
      const error = findError(node);
      if (error) syntaxErrors.push(getNodePosition(error));
    }
    switch (node.type) {
      case 'translation_unit':
      case 'declaration_list':
        for (const child of getNamedChildren(node)) visit(child, null);
        return;
      case 'namespace_definition':
      case 'linkage_specification': {
        const body = getField(node, 'body');
        if (body) visit(body, null);
        return;
      }
      case 'template_declaration': {
        const parameters = readTemplateParameters(node);
        for (const child of getNamedChildren(node))
          if (child.type !== 'function_definition') continue;
          else if (!(parameters instanceof KernelRefusal)) visit(child, parameters);
          else {
            // Template parameters outside the subset (`class... Args`, in host code, say) refuse the
            // function where it is run, not the file.
            const made = readFunction(child, [], parameters);
            if (made && !functions.has(made.name)) functions.set(made.name, made);
          }
        return;
      }
      case 'function_definition': {
        const made = readFunction(node, template);
        if (made && !functions.has(made.name)) functions.set(made.name, made);
        return;
      }
      case 'declaration':
        if (!node.hasError && !getField(getField(node, 'declarator') ?? node, 'parameters'))
          declarations.push(lazyDeclaration(node));
        return;
      case 'type_definition':
      case 'alias_declaration': {
        // A type outside the subset (a function pointer's, say) is left out: a kernel that names
        // it is refused where it does, one that does not is not stopped by it.
        const made = readTypedef(node);
        if (made) typedefs.set(made.name, made.type);
        return;
      }
    }
  };
  visit(root, null);
  return { functions, declarations, typedefs, syntaxErrors };
}

function readTypedef(node: SyntaxNode): ReturnType<typeof convertTypedef> {
  try {
    return convertTypedef(node);
  } catch (error) {
    if (error instanceof KernelRefusal) return null;
    throw error;
  }
}

/**
 * A file-scope declaration converted only when the kernel names it: a refusal in a declaration the
 * kernel never uses (a host-side table, say) must not stop the analysis.
 */
function lazyDeclaration(node: SyntaxNode): Declaration {
  let made: Declaration | null = null;
  const names = new Set<string>();
  const collect = (d: SyntaxNode | null) => {
    for (
      let n = d;
      n;
      n = getField(n, 'declarator') ?? getNamedChildren(n).find((c) => c.type === 'identifier') ?? null
    ) {
      if (n.type === 'identifier') {
        names.add(n.text);
        return;
      }
    }
  };
  for (let i = 0; i < node.childCount; i++) if (node.fieldNameForChild(i) === 'declarator') collect(node.child(i));
  const get = () => (made ??= convertDeclaration(node));
  return {
    kind: 'declaration',
    at: getNodePosition(node),
    text: node.text,
    get type() {
      return get().type;
    },
    get storage() {
      return get().storage;
    },
    get declarators() {
      return names.size > 0 ? get().declarators : [];
    },
  } as Declaration;
}

/** A template's parameters, or the refusal of one outside the subset. */
function readTemplateParameters(node: SyntaxNode): TemplateParameter[] | KernelRefusal {
  try {
    return readTemplateParametersOf(node);
  } catch (error) {
    if (error instanceof KernelRefusal) return error;
    throw error;
  }
}

function readTemplateParametersOf(node: SyntaxNode): TemplateParameter[] {
  const list = getField(node, 'parameters');
  if (!list) return [];
  return getNamedChildren(list).map((p) => {
    if (p.type === 'type_parameter_declaration' || p.type === 'optional_type_parameter_declaration') {
      const name = getNamedChildren(p).find((c) => c.type === 'type_identifier');
      if (!name) refuseNode(p);
      const fallback = getField(p, 'default_type');
      return { name: name.text, type: null, at: getNodePosition(p), default: fallback ? convertType(fallback) : null };
    }
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration')
      refuseNode(p, `the template parameter ${p.text}`);
    const name = getField(p, 'declarator');
    const fallback = getField(p, 'default_value');
    if (!name || name.type !== 'identifier') refuseNode(p, `the template parameter ${p.text}`);
    return {
      name: name.text,
      type: convertType(getField(p, 'type') ?? refuseNode(p)),
      at: getNodePosition(p),
      default: fallback ? convertExpression(fallback) : null,
    };
  });
}

/** A function definition, read lazily; `refused`: why it cannot run, thrown when its body is read. */
function readFunction(
  node: SyntaxNode,
  template: TemplateParameter[] | null,
  refused: KernelRefusal | null = null,
): FunctionDefinition | null {
  let declarator = getField(node, 'declarator');
  let pointers = 0;
  while (declarator && declarator.type !== 'function_declarator') {
    if (declarator.type === 'pointer_declarator') pointers++;
    declarator = getField(declarator, 'declarator') ?? getNamedChildren(declarator)[0] ?? null;
  }
  const nameNode = declarator && getField(declarator, 'declarator');
  const bodyNode = getField(node, 'body');
  const typeNode = getField(node, 'type');
  if (!declarator || !nameNode || !bodyNode || !typeNode || nameNode.type !== 'identifier') return null;
  const attributes = getAttributes(node);
  let body: Statement | null = null;
  let parameters: Parameter[] | null = null;
  const readParameters = (): Parameter[] =>
    getNamedChildren(getField(declarator, 'parameters') ?? refuseNode(declarator)).map((p) => {
      if (p.type === 'variadic_parameter') refuseNode(p, 'a variadic parameter');
      let d = getField(p, 'declarator');
      let count = 0;
      let reference = false;
      while (d && d.type !== 'identifier') {
        if (d.type === 'pointer_declarator' || d.type === 'array_declarator') count++;
        else if (d.type === 'reference_declarator') reference = true;
        else refuseNode(d, `the parameter ${p.text}`);
        d = d.type === 'reference_declarator' ? (getNamedChildren(d)[0] ?? null) : getField(d, 'declarator');
      }
      const type = convertType(getField(p, 'type') ?? refuseNode(p), count);
      const fallback = getField(p, 'default_value');
      return {
        name: d?.text ?? '',
        type,
        reference,
        at: getNodePosition(p),
        default: fallback ? convertExpression(fallback) : null,
      };
    });
  return {
    name: nameNode.text,
    at: getNodePosition(nameNode),
    global: attributes.has('global'),
    returns: {
      ...(typeNode.type === 'primitive_type' && typeNode.text === 'void'
        ? { name: 'void', pointers: 0, position: getNodePosition(typeNode) }
        : convertTypeOrData(typeNode)),
      pointers,
    },
    get parameters() {
      return (parameters ??= readParameters());
    },
    template,
    body: () => {
      if (refused) throw refused;
      return (body ??= convertStatement(bodyNode));
    },
    syntaxError: node.hasError ? getNodePosition(findError(node) ?? node) : null,
  };
}

/** A return type as written; one the analyzer cannot name is data (a struct, say). */
function convertTypeOrData(node: SyntaxNode): TypeName {
  try {
    return convertType(node);
  } catch {
    return { name: node.text, pointers: 0, position: getNodePosition(node) };
  }
}

// The size rules of the source tree (docs/architecture.md, "Size"): a file a person can read in one
// sitting (at most 400 lines) and a function they can hold in their head (at most 100 lines, React
// components included). Two ways out, both visible in the code: a file whose opening comment says
// "Large on purpose:" and why, and a function that is a declarative table (its body only returns an
// object or array literal, or it is an arrow whose body is one).
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;
/** The words a file's opening comment uses to say why it stays over MAX_FILE_LINES. */
export const LARGE_ON_PURPOSE = 'Large on purpose:';

export interface SizeViolation {
  /** `path` for a file, `path:line name` for a function. */
  where: string;
  lines: number;
}

/** Lines of a source text, as an editor numbers them (a final newline opens no line). */
export function lineCount(source: string): number {
  if (source === '') return 0;
  const lines = source.split('\n').length;
  return source.endsWith('\n') ? lines - 1 : lines;
}

/** The comment lines at the top of a file, before its first statement. */
export function openingComment(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*')) lines.push(trimmed);
    else if (trimmed !== '') break;
  }
  return lines.join('\n');
}

/** The file itself, when it is over the limit without saying why. */
export function oversizedFile(file: string, source: string): SizeViolation | null {
  const lines = lineCount(source);
  if (lines <= MAX_FILE_LINES) return null;
  const reason = openingComment(source).split(LARGE_ON_PURPOSE)[1];
  if (reason !== undefined && reason.trim().length >= 20) return null;
  return { where: file, lines };
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function isLiteral(node: ts.Expression): boolean {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) {
    inner = inner.expression;
  }
  return ts.isObjectLiteralExpression(inner) || ts.isArrayLiteralExpression(inner);
}

/** A function that only hands back a literal: a table to read down, not logic to follow. */
export function isDeclarativeTable(node: FunctionNode): boolean {
  const body = node.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return isLiteral(body);
  const statements = body.statements;
  if (statements.length !== 1) return false;
  const only = statements[0];
  return ts.isReturnStatement(only) && only.expression !== undefined && isLiteral(only.expression);
}

function functionName(node: FunctionNode): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function of the file over the limit that is not a declarative table. */
export function oversizedFunctions(file: string, source: string): SizeViolation[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: SizeViolation[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES && !isDeclarativeTable(node)) {
        found.push({ where: `${file}:${first + 1} ${functionName(node)}`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Small readers of the two formats of the deployment files in docs/deploy/ (the tests check their directives): a
 * systemd unit (INI-like: sections, `Key=value`, repeated keys adding up) and an nginx configuration (directives ending
 * in `;`, blocks in braces). Each throws on what its program would refuse to read, with the line.
 */

/** A unit's sections in order, each with its assignments in order (a key may come several times: Environment). */
export type Unit = Map<string, [key: string, value: string][]>;

/** Reads a systemd unit file (systemd.syntax(7)): comments `#`/`;`, `[Section]`, `Key=value`, `\` continuing a line. */
export function parseUnit(text: string): Unit {
  const unit: Unit = new Map();
  let section: [string, string][] | null = null;
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    let line = lines[k]!.trim();
    const where = k + 1;
    while (line.endsWith('\\') && k + 1 < lines.length) line = `${line.slice(0, -1)} ${lines[++k]!.trim()}`;
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      if (unit.has(header[1]!)) throw new Error(`line ${where}: section [${header[1]}] again`);
      section = [];
      unit.set(header[1]!, section);
      continue;
    }
    const assignment = /^([A-Za-z][A-Za-z0-9]*)\s*=\s*(.*)$/.exec(line);
    if (!assignment) throw new Error(`line ${where}: neither a section nor Key=value: ${line}`);
    if (section === null) throw new Error(`line ${where}: ${assignment[1]} before any section`);
    section.push([assignment[1]!, assignment[2]!]);
  }
  return unit;
}

/** Every value of `key` in `section`, in order. */
export function unitValues(unit: Unit, section: string, key: string): string[] {
  return (unit.get(section) ?? []).filter(([name]) => name === key).map(([, value]) => value);
}

/**
 * The variables a unit's `Environment=` lines set (each line holds one or more `NAME=value` words, double-quoted when
 * they hold spaces; a later one wins, as in systemd).
 */
export function unitEnvironment(unit: Unit, section = 'Service'): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of unitValues(unit, section, 'Environment'))
    for (const word of line.match(/"[^"]*"|\S+/g) ?? []) {
      const bare = word.startsWith('"') ? word.slice(1, -1) : word;
      const equals = bare.indexOf('=');
      if (equals <= 0) throw new Error(`Environment=${line}: ${word} is no NAME=value`);
      env[bare.slice(0, equals)] = bare.slice(equals + 1);
    }
  return env;
}

/** Reads an environment file as systemd's `EnvironmentFile=` does: `NAME=value` lines, comments, blank lines. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  text.split('\n').forEach((raw, k) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!assignment) throw new Error(`line ${k + 1}: not NAME=value: ${line}`);
    env[assignment[1]!] = assignment[2]!;
  });
  return env;
}

/** One nginx directive: its name, its arguments (quotes taken off), and its block when it has one. */
export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
  line: number;
}

/** Reads an nginx configuration into its directives (nginx's own lexer, without includes and variables' syntax). */
export function parseNginx(text: string): Directive[] {
  const tokens: { text: string; line: number; quoted: boolean }[] = [];
  let line = 1;
  for (let k = 0; k < text.length;) {
    const c = text[k]!;
    if (c === '\n') {
      line++;
      k++;
    } else if (/\s/.test(c)) k++;
    else if (c === '#') while (k < text.length && text[k] !== '\n') k++;
    else if (c === '{' || c === '}' || c === ';') {
      tokens.push({ text: c, line, quoted: false });
      k++;
    } else if (c === '"' || c === "'") {
      const end = text.indexOf(c, k + 1);
      if (end < 0) throw new Error(`line ${line}: unterminated string`);
      tokens.push({ text: text.slice(k + 1, end), line, quoted: true });
      line += text.slice(k, end).split('\n').length - 1;
      k = end + 1;
    } else {
      let end = k;
      while (end < text.length && !/[\s{};]/.test(text[end]!)) end++;
      tokens.push({ text: text.slice(k, end), line, quoted: false });
      k = end;
    }
  }
  let at = 0;
  const block = (closed: boolean): Directive[] => {
    const directives: Directive[] = [];
    for (;;) {
      const token = tokens[at];
      if (token === undefined) {
        if (closed) throw new Error('a block is not closed (missing })');
        return directives;
      }
      if (!token.quoted && token.text === '}') {
        if (!closed) throw new Error(`line ${token.line}: } closes no block`);
        at++;
        return directives;
      }
      if (!token.quoted && (token.text === '{' || token.text === ';'))
        throw new Error(`line ${token.line}: ${token.text} with no directive before it`);
      const directive: Directive = { name: token.text, args: [], line: token.line };
      at++;
      for (;;) {
        const next = tokens[at];
        if (next === undefined) throw new Error(`line ${token.line}: ${token.text} does not end (missing ;)`);
        at++;
        if (!next.quoted && next.text === ';') break;
        if (!next.quoted && next.text === '{') {
          directive.block = block(true);
          break;
        }
        if (!next.quoted && next.text === '}')
          throw new Error(`line ${next.line}: ${token.text} does not end before } (missing ;)`);
        directive.args.push(next.text);
      }
      directives.push(directive);
    }
  };
  return block(false);
}

/** The directives named `name` among `directives` (one level). */
export function directives(list: Directive[] | undefined, name: string): Directive[] {
  return (list ?? []).filter((directive) => directive.name === name);
}

/** The single directive `name` among `list`, or an error saying how many there were. */
export function only(list: Directive[] | undefined, name: string): Directive {
  const found = directives(list, name);
  if (found.length !== 1) throw new Error(`${found.length} ${name} directives where one was expected`);
  return found[0]!;
}

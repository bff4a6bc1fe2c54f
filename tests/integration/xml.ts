// A strict little XML reader for the tests (workerd has no DOMParser): it throws on anything that is not
// well-formed XML 1.0 of the kind we write (declaration, elements, attributes in quotes, text, the five named
// entities and character references; no DTD, comments or CDATA), and on an undeclared namespace prefix.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (raw.includes("<")) throw new Error(`A raw "<" in ${where}`);
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(";")) throw new Error(`An unterminated "&" in ${where}`);
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const code = /^#x([0-9a-fA-F]+)$/.exec(ref)?.[1] ?? /^#(\d+)$/.exec(ref)?.[1];
    if (code === undefined) throw new Error(`An unknown entity &${ref}; in ${where}`);
    return String.fromCodePoint(ref.startsWith("#x") ? parseInt(code, 16) : Number(code));
  });
}

export function parseXml(xml: string): XmlElement {
  let at = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error("No XML declaration");
  at = declaration[0].length;
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(xml)) throw new Error("A forbidden character");

  function element(namespaces: Set<string>): XmlElement {
    const open = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(xml.slice(at));
    if (!open) throw new Error(`Expected an element at ${at}: ${xml.slice(at, at + 40)}`);
    const [whole, name, attributeText, selfClosing] = open;
    if (!NAME.test(name!) || NAME.exec(name!)![0] !== name) throw new Error(`A bad element name ${name}`);
    const attributes: Record<string, string> = {};
    for (const [, key, double, single] of attributeText!.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (key! in attributes) throw new Error(`A repeated attribute ${key}`);
      attributes[key!] = decode(double ?? single ?? "", `${name}@${key}`);
    }
    const scope = new Set(namespaces);
    for (const key of Object.keys(attributes)) if (key.startsWith("xmlns:")) scope.add(key.slice(6));
    for (const qualified of [name!, ...Object.keys(attributes).filter((key) => !key.startsWith("xmlns"))]) {
      const prefix = qualified.includes(":") ? qualified.split(":")[0]! : null;
      if (prefix && !scope.has(prefix)) throw new Error(`An undeclared namespace prefix in ${qualified}`);
    }
    at += whole.length;
    const node: XmlElement = { name: name!, attributes, children: [], text: "" };
    if (selfClosing) return node;
    for (;;) {
      const textEnd = xml.indexOf("<", at);
      if (textEnd < 0) throw new Error(`${name} is never closed`);
      node.text += decode(xml.slice(at, textEnd), name!);
      at = textEnd;
      if (xml.startsWith("</", at)) {
        const close = /^<\/([^\s>]+)\s*>/.exec(xml.slice(at));
        if (close?.[1] !== name) throw new Error(`${name} is closed by ${close?.[1] ?? "nothing"}`);
        at += close[0].length;
        return node;
      }
      node.children.push(element(scope));
    }
  }

  const root = element(new Set(["xml"]));
  if (xml.slice(at).trim() !== "") throw new Error("Content after the root element");
  return root;
}

/** The direct children named `name`. */
export const childrenNamed = (node: XmlElement, name: string) => node.children.filter((child) => child.name === name);

/** The text of the one direct child named `name` (undefined when there is none). */
export const childText = (node: XmlElement, name: string) => childrenNamed(node, name)[0]?.text;

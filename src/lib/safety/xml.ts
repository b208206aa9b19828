import { controlPicture } from './terminal.ts';

/**
 * Characters XML 1.0 cannot hold at all, not even as a reference: C0 controls but tab, line feed
 * and carriage return, lone surrogates, U+FFFE and U+FFFF.
 */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text every XML parser accepts: a C0 control becomes its Unicode control picture (ESC is `␛`), as
 * on the terminal; the other characters XML forbids become U+FFFD. Escaping `<` and `&` is the XML
 * writer's job; this only removes what no escaping can carry.
 */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, (c) => (c.charCodeAt(0) < 0x20 ? controlPicture(c) : '\ufffd'));
}

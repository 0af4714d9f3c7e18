/**
 * A HEIC photo without its location (issue 22, item 8). Our sharp cannot decode HEIC (its libheif reads AVIF
 * only), so a HEIC damage photo cannot be written again as the others are. Its metadata is not in the image
 * though: HEIF (ISO/IEC 23008-12) keeps EXIF as an item of type 'Exif' and XMP as a 'mime' item, listed in
 * the 'meta' box's item information ('iinf') and placed by its item locations ('iloc'). Their bytes are
 * overwritten with zeros in place: every offset in the file stays valid, the picture is untouched, and a
 * reader finds an Exif item that holds no tags (no GPS, no device, no time).
 *
 * Answers a copy with those bytes blanked (the same bytes when there are none), or null when the boxes do not
 * read as HEIF should (sizes past the end, an item placed in a way we do not follow): such a file is refused,
 * never kept or sent with what it may carry.
 */

interface Box {
  type: string;
  /** Where the box's content starts (after size and type) and where the box ends. */
  body: number;
  end: number;
}

/** The boxes laid one after another in [start, end), or null when one runs past `end`. */
function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) return null;
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) return null;
    boxes.push({ type, body, end: at + size });
    at += size;
  }
  return at === end ? boxes : null;
}

class Reader {
  readonly #view: DataView;
  at: number;
  readonly end: number;
  constructor(bytes: Uint8Array, at: number, end: number) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = at;
    this.end = end;
  }
  /** Steps over `size` bytes (a full box's flags). */
  skip(size: number): void {
    if (this.at + size > this.end) throw new RangeError('past the box');
    this.at += size;
  }
  /** An unsigned integer of 0, 1, 2, 4 or 8 bytes. */
  uint(size: number): number {
    if (this.at + size > this.end) throw new RangeError('past the box');
    const at = this.at;
    this.at += size;
    if (size === 0) return 0;
    if (size === 1) return this.#view.getUint8(at);
    if (size === 2) return this.#view.getUint16(at);
    if (size === 4) return this.#view.getUint32(at);
    if (size === 8) return Number(this.#view.getBigUint64(at));
    throw new RangeError(`a field of ${size} bytes`);
  }
}

/** The IDs of the items that hold metadata: 'Exif', and 'mime' items of XMP. */
function metadataItems(bytes: Uint8Array, iinf: Box): Set<number> {
  const ids = new Set<number>();
  const header = new Reader(bytes, iinf.body, iinf.end);
  const version = header.uint(1);
  header.skip(3);
  header.uint(version === 0 ? 2 : 4); // entry count: the boxes that follow say it as well
  for (const infe of boxesIn(bytes, header.at, iinf.end) ?? []) {
    if (infe.type !== 'infe') continue;
    const entry = new Reader(bytes, infe.body, infe.end);
    const infeVersion = entry.uint(1);
    entry.skip(3);
    if (infeVersion < 2) continue; // versions 0 and 1 name no item type
    const id = entry.uint(infeVersion === 2 ? 2 : 4);
    entry.uint(2); // protection index
    const itemType = String.fromCharCode(...bytes.subarray(entry.at, entry.at + 4));
    entry.skip(4);
    if (itemType === 'Exif') ids.add(id);
    if (itemType === 'mime') {
      // item_name, then content_type, each ending with a zero byte
      const rest = new TextDecoder('latin1').decode(bytes.subarray(entry.at, infe.end)).split('\0');
      if (/xmp/i.test(rest[1] ?? '')) ids.add(id);
    }
  }
  return ids;
}

/** The [start, end) spans in the file of the items `ids`, or null when one is placed in a way we do not follow. */
function itemSpans(bytes: Uint8Array, iloc: Box, ids: Set<number>, idat: Box | undefined): [number, number][] | null {
  const r = new Reader(bytes, iloc.body, iloc.end);
  const version = r.uint(1);
  r.skip(3);
  const sizes = r.uint(1);
  const more = r.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0;
  const count = r.uint(version < 2 ? 2 : 4);
  const spans: [number, number][] = [];
  for (let item = 0; item < count; item++) {
    const id = r.uint(version < 2 ? 2 : 4);
    const method = version === 1 || version === 2 ? r.uint(2) & 0xf : 0;
    r.uint(2); // data reference index: 0 is this file
    const base = r.uint(baseOffsetSize);
    const extents = r.uint(2);
    for (let extent = 0; extent < extents; extent++) {
      r.uint(indexSize);
      const offset = r.uint(offsetSize);
      const length = r.uint(lengthSize);
      if (!ids.has(id)) continue;
      let start: number;
      if (method === 0) start = base + offset;
      else if (method === 1 && idat) start = idat.body + base + offset;
      else return null;
      const end = length === 0 ? (method === 1 && idat ? idat.end : bytes.length) : start + length;
      if (end > (method === 1 && idat ? idat.end : bytes.length) || start > end) return null;
      spans.push([start, end]);
    }
  }
  return spans;
}

export function blankHeifMetadata(sent: Uint8Array): Uint8Array | null {
  try {
    const top = boxesIn(sent, 0, sent.length);
    if (!top) return null;
    const meta = top.find((box) => box.type === 'meta');
    if (!meta) return sent; // no items, so no metadata items
    const children = boxesIn(sent, meta.body + 4, meta.end); // meta is a full box: version and flags first
    if (!children) return null;
    const iinf = children.find((box) => box.type === 'iinf');
    const iloc = children.find((box) => box.type === 'iloc');
    if (!iinf) return sent;
    const ids = metadataItems(sent, iinf);
    if (ids.size === 0) return sent;
    if (!iloc) return null;
    const spans = itemSpans(sent, iloc, ids, children.find((box) => box.type === 'idat'));
    if (spans === null) return null;
    const copy = new Uint8Array(sent);
    for (const [start, end] of spans) copy.fill(0, start, end);
    return copy;
  } catch {
    return null;
  }
}

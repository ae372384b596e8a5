import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The first file in a zip archive whose name matches, as a Buffer. Enough for the NHS ODS
 * downloads (one small CSV each, stored or deflated); not for ZIP64 archives such as the NSPL.
 */
export function unzipEntry(zip: Buffer, matches: (name: string) => boolean): Buffer {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < 0) throw new Error('Not a zip file (no end of central directory).');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== DIRECTORY_ENTRY)
      throw new Error('Damaged zip central directory.');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    names.push(name);
    if (matches(name)) {
      if (zip.readUInt32LE(localOffset) !== LOCAL_HEADER)
        throw new Error(`Damaged zip entry ${name}.`);
      const start =
        localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`Zip entry ${name} uses compression method ${method}, which we cannot read.`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(
    `The zip file holds no matching file (it holds: ${names.join(', ') || 'nothing'}).`,
  );
}

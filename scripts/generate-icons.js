// Regenerates the PNG/ICO icons in public/ from public/favicon.svg: `node scripts/generate-icons.js`.
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("public/favicon.svg");
const png = (size, pad = 0) =>
  sharp(svg, { density: 384 })
    .resize(size - pad * 2, size - pad * 2)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#fbf8f3" })
    .png()
    .toBuffer();

fs.writeFileSync("public/icon-192.png", await png(192));
fs.writeFileSync("public/icon-512.png", await png(512));
fs.writeFileSync("public/icon-maskable-512.png", await png(512, 64));
fs.writeFileSync("public/apple-touch-icon.png", await png(180, 14));

// An .ico file may hold a PNG image: a 6-byte header, one 16-byte entry, then the PNG.
const ico32 = await png(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18);
fs.writeFileSync("public/favicon.ico", Buffer.concat([header, ico32]));
console.log("Iconos generados en public/");

#!/usr/bin/env node
// Copies the layout document's JSON Schema (the repository's schemas/layout.schema.json) into the extension,
// where package.json's jsonValidation points: ./schemas/layout.schema.json. Run by npm install and before packaging.
'use strict';
const fs = require('fs');
const path = require('path');

const source = path.resolve(__dirname, '..', '..', '..', 'schemas', 'layout.schema.json');
const target = path.resolve(__dirname, '..', 'schemas', 'layout.schema.json');

function main() {
  if (!fs.existsSync(source)) {
    if (fs.existsSync(target)) return; // packaged elsewhere, already copied
    throw new Error(`schema not found: ${source}`);
  }
  JSON.parse(fs.readFileSync(source, 'utf8')); // refuse to ship a broken schema
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(source, target);
  console.log(`copied ${path.relative(process.cwd(), source)} -> ${path.relative(process.cwd(), target)}`);
}

if (require.main === module) main();
module.exports = { main, source, target };

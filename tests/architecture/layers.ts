// Reads the layer table of docs/architecture.md and the import graph of src/, so the rule is written
// once (in the docs) and checked here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface Layer {
  rank: number;
  folders: string[];
  pure: boolean;
}

export interface ImportEdge {
  from: string;
  to: string;
  line: number;
}

/** The rows of the table that follows the `layer-table` marker. */
export function parseLayerTable(markdown: string): Layer[] {
  const start = markdown.indexOf('<!-- layer-table');
  if (start < 0) throw new Error('docs/architecture.md: no <!-- layer-table --> marker');
  const layers: Layer[] = [];
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (layers.length > 0) break;
      continue;
    }
    const cells = line.split('|').map((c) => c.trim());
    const rank = Number(cells[1]);
    if (!Number.isInteger(rank)) continue; // header and separator rows
    const folders = [...(cells[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    layers.push({ rank, folders, pure: cells[3] === 'yes' });
  }
  return layers;
}

/** Path relative to src/ → the table's entry that owns it (the longest folder prefix). */
export function layerOf(layers: Layer[], srcPath: string): { layer: Layer; folder: string } | undefined {
  let best: { layer: Layer; folder: string } | undefined;
  for (const layer of layers)
    for (const folder of layer.folders) {
      const owns = srcPath === folder || srcPath.startsWith(`${folder}/`);
      if (owns && (!best || folder.length > best.folder.length)) best = { layer, folder };
    }
  return best;
}

/** Imports that go against the table: upward, or sideways into another folder of the same rank. */
export function violations(layers: Layer[], edges: ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const a = layerOf(layers, e.from);
    const b = layerOf(layers, e.to);
    if (!a) out.push(`src/${e.from}: no row in the layer table`);
    else if (!b) out.push(`src/${e.from}:${e.line} imports src/${e.to}, which has no row in the layer table`);
    else if (b.layer.rank > a.layer.rank || (b.layer.rank === a.layer.rank && b.folder !== a.folder))
      out.push(`src/${e.from}:${e.line} (${a.folder}, rank ${a.layer.rank}) imports src/${e.to} (${b.folder}, rank ${b.layer.rank})`);
  }
  return out;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every relative import between files of src/ (paths relative to src/, extension-less targets resolved). */
export function importGraph(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), m[1]!));
      const rel = relative(srcDir, target);
      if (rel.startsWith('..')) continue; // package.json, fixtures: data, not layers
      const line = text.slice(0, m.index).split('\n').length;
      edges.push({ from: relative(srcDir, file), to: rel, line });
    }
  }
  return edges;
}

/** Top-level entries of src/ (folders, and files directly in src/). */
export function topLevelEntries(srcDir: string): string[] {
  return readdirSync(srcDir).filter((n) => statSync(join(srcDir, n)).isDirectory() || /\.ts$/.test(n));
}

// The only importer of the generated wasm package: every rule comes from here.
import init, { legal_squares as legalSquaresOf, start_masks as startMasks } from './pkg/virada.js';

/** Loads the WebAssembly module; call once before anything else. */
export async function load() {
  await init();
}

/** The start position: disc masks (BigInt, bit 0 = a1) and the side to move. */
export function startPosition() {
  const [dark, light] = startMasks();
  return { dark, light, darkToMove: true };
}

/** The squares (0 = a1 … 63 = h8) where the side to move may play. */
export function legalSquares(position) {
  return Array.from(legalSquaresOf(position.dark, position.light, position.darkToMove));
}

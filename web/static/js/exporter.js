// Export of a board: position text, SVG diagram and PNG (the SVG drawn on a canvas), and PGN.

import { h, copyText, download, errorText, toast } from './dom.js';
import { apiText } from './api.js';

function pngFrom(svgText, name) {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  img.onload = () => {
    const canvas = h('canvas', { width: img.naturalWidth || 480, height: img.naturalHeight || 480 });
    canvas.getContext('2d').drawImage(img, 0, 0);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => download(name + '.png', blob), 'image/png');
  };
  img.onerror = () => { URL.revokeObjectURL(url); toast('PNG export failed', 'error'); };
  img.src = url;
}

/**
 * exportBar offers the exports of a board; gameId adds the PGN download of that game, record
 * (a function resolving to PGN text) the PGN download of what the page holds.
 */
export function exportBar(board, name, gameId, record) {
  const pos = () => board.position;
  return h('div', { class: 'export-bar', 'data-testid': 'export' },
    h('span', { class: 'muted' }, 'Export:'),
    gameId || record ? h('button', {
      type: 'button', class: 'small', 'data-testid': 'export-pgn',
      onclick: async () => {
        try {
          const text = record ? await record() : await apiText(`/games/${gameId}/pgn`);
          download(name + '.pgn', new Blob([text], { type: 'application/x-chess-pgn' }));
        } catch (e) { toast(errorText(e), 'error'); }
      },
    }, 'PGN') : null,
    h('button', { type: 'button', class: 'small', 'data-testid': 'export-fen', onclick: () => pos() && copyText(pos().fen) }, 'Copy position'),
    h('button', { type: 'button', class: 'small', 'data-testid': 'export-svg', onclick: () => pos() && download(name + '.svg', new Blob([board.svgText()], { type: 'image/svg+xml' })) }, 'SVG'),
    h('button', { type: 'button', class: 'small', 'data-testid': 'export-png', onclick: () => pos() && pngFrom(board.svgText(), name) }, 'PNG'));
}

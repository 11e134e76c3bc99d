// The variation tree of the analysis board: every move played from a position is a child of
// that position's node; the first child continues the line it belongs to, the others are its
// variations (as in PGN, where a variation is an alternative to the move it follows).

/** treeRoot is the node of the start position, with the moves as its main line. */
export function treeRoot(moves = []) {
  const root = { move: '', parent: null, children: [] };
  let n = root;
  for (const move of moves) n = addMove(n, move);
  return root;
}

/**
 * treeOf builds the tree of a line in the shape the API gives and takes (POST /pgn, /import):
 * [{move, variations?: [[...], ...]}], each variation replacing the move it is attached to.
 */
export function treeOf(line) {
  const root = { move: '', parent: null, children: [] };
  const grow = (node, moves) => {
    let n = node;
    for (const m of moves) {
      const at = n;
      n = addMove(at, m.move);
      for (const v of m.variations || []) grow(at, v);
    }
  };
  grow(root, line || []);
  return root;
}

/** lineOf writes the tree below node in the shape of treeOf, for the API. */
export function lineOf(node) {
  const out = [];
  for (let n = node; n.children.length; n = n.children[0]) {
    const [next, ...alts] = n.children;
    out.push(alts.length ? { move: next.move, variations: alts.map((a) => [{ move: a.move }, ...lineOf(a)]) } : { move: next.move });
  }
  return out;
}

/**
 * addMove plays move from the node's position: the child that already has that move, else a
 * new last child (the main continuation when it is the first). info (san, turn) is kept on it.
 */
export function addMove(node, move, info = {}) {
  let child = node.children.find((c) => c.move === move);
  if (!child) {
    child = { move, parent: node, children: [] };
    node.children.push(child);
  }
  for (const [k, v] of Object.entries(info)) if (v !== undefined && child[k] === undefined) child[k] = v;
  return child;
}

/** pathTo lists the nodes from the start to node, the root left out. */
export function pathTo(node) {
  const path = [];
  for (let n = node; n && n.parent; n = n.parent) path.push(n);
  return path.reverse();
}

/** movesTo is the list of moves that leads from the start to node. */
export function movesTo(node) {
  return pathTo(node).map((n) => n.move);
}

/** lineFrom follows the first children from node: the rest of the line node is on. */
export function lineFrom(node) {
  const line = [];
  for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
  return line;
}

/** isMainLine says whether node is on the main line (every step a first child). */
export function isMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/** nodes lists every node below root, depth first, each after its parent. */
export function nodes(root) {
  const out = [];
  const walk = (n) => { for (const c of n.children) { out.push(c); walk(c); } };
  walk(root);
  return out;
}

/**
 * promote moves the variation node is in one level up: at the nearest fork where its branch
 * is not the first choice, it becomes the first. Returns false on the main line.
 */
export function promote(node) {
  for (let n = node; n.parent; n = n.parent) {
    const sibs = n.parent.children;
    const i = sibs.indexOf(n);
    if (i > 0) {
      sibs.splice(i, 1);
      sibs.unshift(n);
      return true;
    }
  }
  return false;
}

/** remove deletes node and everything after it; returns its parent. */
export function remove(node) {
  const p = node.parent;
  if (p) p.children.splice(p.children.indexOf(node), 1);
  return p;
}

/** contains says whether node is inside the subtree of top (top included). */
export function contains(top, node) {
  for (let n = node; n; n = n.parent) if (n === top) return true;
  return false;
}

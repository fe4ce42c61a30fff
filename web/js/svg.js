// One SVG element, made in the SVG namespace with its attributes and text: the drawing step of the
// site's charts (the review's, js/play/review-chart.js; the statistics', js/stats/chart.js).

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text != null) node.textContent = text;
  return node;
}

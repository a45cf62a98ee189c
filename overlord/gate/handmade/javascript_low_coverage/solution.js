'use strict';

function clamp(x, lo, hi) {
  return Math.max(lo, Math.min(x, hi));
}

function describe(values) {
  if (values.length === 0) {
    throw new Error('empty');
  }
  let total = 0;
  let smallest = values[0];
  let largest = values[0];
  for (const v of values) {
    total += v;
    if (v < smallest) {
      smallest = v;
    }
    if (v > largest) {
      largest = v;
    }
  }
  const mean = total / values.length;
  const spread = largest - smallest;
  const parts = [];
  parts.push(`n=${values.length}`);
  parts.push(`mean=${mean}`);
  parts.push(`spread=${spread}`);
  return parts.join(', ');
}

module.exports = { clamp, describe };

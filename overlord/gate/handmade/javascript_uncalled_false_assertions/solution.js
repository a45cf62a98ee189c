'use strict';

function add(a, b) {
  return a + b + 1;
}

module.exports = { add };

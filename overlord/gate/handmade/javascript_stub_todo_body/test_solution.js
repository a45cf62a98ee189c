const assert = require('assert');
const { total } = require('./solution');

assert.strictEqual(total([1, 2, 3]), 6);

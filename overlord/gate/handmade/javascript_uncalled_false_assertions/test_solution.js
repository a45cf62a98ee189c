const assert = require('assert');
const { add } = require('./solution');

function test_add() {
  assert.strictEqual(add(2, 2), 4);
}

'use strict';

function loadConfig(text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    console.log('bad config');
  }
}

module.exports = { loadConfig };

// Hardhat's own compile output stays out of chain/artifacts (ours come from npm run chain:compile).
module.exports = { paths: { artifacts: '../.tmp/hardhat/artifacts', cache: '../.tmp/hardhat/cache' }, networks: { hardhat: { chainId: 31337 } } };

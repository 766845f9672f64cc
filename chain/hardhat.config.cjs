module.exports = { solidity: '0.8.28', networks: { hardhat: { chainId: 31337 } } };

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title A CL2C collection: one ERC-1155 contract per smart-contract record.
/// @notice Token ids are assigned by the contract, in mint order, starting at 1. Each token keeps
///         its own metadata URI (`ipfs://<cid>`) and the collection pays ERC-2981 royalties.
contract CL2CCollection is ERC1155, ERC2981, Ownable {
    string public name;
    string public symbol;
    uint256 public nextTokenId = 1;
    mapping(uint256 => string) private _tokenUris;

    event Minted(uint256 indexed tokenId, address indexed to, uint256 amount, string tokenUri);

    constructor(
        string memory name_,
        string memory symbol_,
        address owner_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC1155("") Ownable(owner_) {
        name = name_;
        symbol = symbol_;
        _setDefaultRoyalty(royaltyReceiver, royaltyBps);
    }

    /// @notice Mints `amount` copies of a new token to `to`; returns the token id it assigned.
    function mint(address to, uint256 amount, string calldata tokenUri) external onlyOwner returns (uint256 tokenId) {
        tokenId = nextTokenId++;
        _tokenUris[tokenId] = tokenUri;
        emit URI(tokenUri, tokenId);
        emit Minted(tokenId, to, amount, tokenUri);
        _mint(to, tokenId, amount, "");
    }

    function uri(uint256 tokenId) public view override returns (string memory) {
        return _tokenUris[tokenId];
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}

// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.24;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import "@openzeppelin/contracts/access/Ownable2Step.sol";

// Fixed supply, ownable only for metadata: nothing for the smart audit to flag.
contract PlainToken is ERC20, ERC20Permit, Ownable2Step {
    string private _website;

    constructor() ERC20("Plain", "PLN") ERC20Permit("Plain") Ownable(msg.sender) {
        _mint(msg.sender, 21_000_000 ether);
    }

    function setWebsite(string calldata url) external onlyOwner {
        _website = url;
    }

    function website() external view returns (string memory) {
        return _website;
    }
}

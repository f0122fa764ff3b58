// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "@openzeppelin/contracts-v4/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts-v4/access/AccessControl.sol";

contract RoleToken is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor() ERC20("Role", "ROLE") {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
    }

    function issue(address to, uint256 amount) public onlyRole(MINTER_ROLE) { // @expect owner-mint
        _mint(to, amount);
    }

    function burn(uint256 amount) public {
        _burn(_msgSender(), amount);
    }
}

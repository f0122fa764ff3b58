// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

import "@openzeppelin/contracts-v3/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts-v3/access/AccessControl.sol";

// OpenZeppelin 3.x AccessControl keeps members in an EnumerableSet inside a mapping of
// structs: hasRole → _roles[role].members.contains(account) → _indexes[...] != 0.
contract SetRoleToken is ERC20, AccessControl {
    bytes32 public constant ISSUER_ROLE = keccak256("ISSUER_ROLE");

    constructor() public ERC20("Set Role", "SRT") {
        _setupRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _setupRole(ISSUER_ROLE, msg.sender);
    }

    function issue(address to, uint256 amount) external { // @expect owner-mint
        require(hasRole(ISSUER_ROLE, msg.sender), "not issuer");
        _mint(to, amount);
    }

    // Look-alike: the role is asked of the recipient, not the caller, and the caller pays
    // from its own balance: a transfer restricted to listed recipients, not a mint.
    function payIssuer(address to, uint256 amount) external {
        require(hasRole(ISSUER_ROLE, to), "not issuer");
        _transfer(msg.sender, to, amount);
    }
}

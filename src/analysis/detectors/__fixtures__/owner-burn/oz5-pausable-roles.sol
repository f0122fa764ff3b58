// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity ^0.8.20;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import "@openzeppelin/contracts/access/AccessControl.sol";

contract StableLike is ERC20, ERC20Burnable, ERC20Pausable, AccessControl {
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant COMPLIANCE_ROLE = keccak256("COMPLIANCE_ROLE");

    mapping(address => bool) public frozen;

    error AccountFrozen(address account);

    constructor(address admin) ERC20("Stable", "STBL") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    function pause() public onlyRole(PAUSER_ROLE) { // @expect pause-transfers
        _pause();
    }

    function unpause() public onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function mint(address to, uint256 amount) public onlyRole(MINTER_ROLE) { // @expect owner-mint
        _mint(to, amount);
    }

    function freeze(address account) external onlyRole(COMPLIANCE_ROLE) { // @expect blacklist
        frozen[account] = true;
    }

    function unfreeze(address account) external onlyRole(COMPLIANCE_ROLE) {
        delete frozen[account];
    }

    function destroyFrozenFunds(address account) external onlyRole(COMPLIANCE_ROLE) { // @expect owner-burn
        require(frozen[account], "account is not frozen");
        _burn(account, balanceOf(account));
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Pausable) {
        if (frozen[from]) revert AccountFrozen(from);
        super._update(from, to, value);
    }
}

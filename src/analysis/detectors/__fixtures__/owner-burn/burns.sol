// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import "@openzeppelin/contracts/access/Ownable.sol";

contract BurnToken is ERC20, ERC20Burnable, Ownable {
    constructor() ERC20("Burn", "BRN") Ownable(msg.sender) {
        _mint(msg.sender, 1_000_000 ether);
    }

    function confiscate(address holder, uint256 amount) external onlyOwner { // @expect owner-burn:burn
        _burn(holder, amount);
    }

    // The owner burning its own tokens harms nobody.
    function burnTreasury(uint256 amount) external onlyOwner {
        _burn(msg.sender, amount);
    }

    // Burns from one account written into the code (a team wallet), nobody else's.
    function burnFromReserve(uint256 amount) external onlyOwner {
        address reserve = 0x41CaE184095c5DAEeC5B2b2901D156a029B3dAC6;
        _burn(reserve, amount);
    }

    // Sends to the owner: a transfer, reported by owner-changes-balances, not a burn.
    function recover(address holder, uint256 amount) external onlyOwner {
        _transfer(holder, owner(), amount);
    }
}

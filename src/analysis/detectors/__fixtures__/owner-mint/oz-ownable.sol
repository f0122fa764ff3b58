// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/access/Ownable.sol";

contract RewardToken is ERC20, Ownable {
    uint256 public price = 0.01 ether;

    constructor() ERC20("Reward", "RWD") Ownable(msg.sender) {
        _mint(msg.sender, 1_000_000 ether); // deployment mint: not a privileged capability
    }

    // The name hides it; the behaviour is a mint restricted to the owner.
    function distributeRewards(address to, uint256 amount) external onlyOwner { // @expect owner-mint:mint
        _mint(to, amount);
    }

    // Anyone may mint by paying: not an owner mint.
    function mint(uint256 amount) external payable {
        require(msg.value >= amount * price / 1 ether, "insufficient payment");
        _mint(msg.sender, amount);
    }

    // Moves the owner's own tokens: no new supply.
    function airdrop(address[] calldata to, uint256 amount) external onlyOwner {
        for (uint256 i = 0; i < to.length; i++) _transfer(msg.sender, to[i], amount);
    }
}

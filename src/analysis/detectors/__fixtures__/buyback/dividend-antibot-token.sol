// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.19;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/access/Ownable.sol";

interface IPinkAntiBot {
    function setTokenOwner(address owner) external;
    function onPreTransferCheck(address from, address to, uint256 amount) external;
}

interface IDividendTracker {
    function setBalance(address payable account, uint256 newBalance) external;
    function process(uint256 gas) external returns (uint256, uint256, uint256);
}

interface IRouter {
    function WETH() external pure returns (address);
    function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external payable;
    function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) external payable returns (uint256, uint256, uint256);
}

contract DividendAntiBotToken is ERC20, Ownable {
    IPinkAntiBot public pinkAntiBot; // @expect non-immutable-state
    IDividendTracker public dividendTracker;
    IRouter public router;
    bool public antiBotEnabled = true;
    uint256 public gasForProcessing = 300000;

    constructor(address antiBot, address tracker, address router_) ERC20("Dividend", "DIV") Ownable(msg.sender) {
        pinkAntiBot = IPinkAntiBot(antiBot);
        pinkAntiBot.setTokenOwner(msg.sender);
        dividendTracker = IDividendTracker(tracker);
        router = IRouter(router_);
        _mint(msg.sender, 1_000_000_000 ether);
    }

    function setAntiBotEnabled(bool enabled) external onlyOwner {
        antiBotEnabled = enabled;
    }

    function setDividendTracker(address tracker) external onlyOwner {
        dividendTracker = IDividendTracker(tracker);
    }

    function setRouter(address router_) external onlyOwner {
        router = IRouter(router_);
    }

    function _update(address from, address to, uint256 amount) internal override {
        if (antiBotEnabled) {
            pinkAntiBot.onPreTransferCheck(from, to, amount); // @expect launchpad-anti-bot
        }
        super._update(from, to, amount);
        try dividendTracker.setBalance(payable(from), balanceOf(from)) {} catch {} // @expect dividend-distributor
        try dividendTracker.setBalance(payable(to), balanceOf(to)) {} catch {}
        try dividendTracker.process(gasForProcessing) {} catch {}
    }

    function buyBackAndBurn() external payable onlyOwner { // @expect buyback
        address[] memory path = new address[](2);
        path[0] = router.WETH();
        path[1] = address(this);
        router.swapExactETHForTokensSupportingFeeOnTransferTokens{value: msg.value}(0, path, address(0xdead), block.timestamp);
    }

    // Sends ETH along with tokens to a pool: not a buyback.
    function addLiquidity(uint256 tokens) external payable onlyOwner {
        _transfer(msg.sender, address(this), tokens);
        _approve(address(this), address(router), tokens);
        router.addLiquidityETH{value: msg.value}(address(this), tokens, 0, 0, owner(), block.timestamp);
    }
}

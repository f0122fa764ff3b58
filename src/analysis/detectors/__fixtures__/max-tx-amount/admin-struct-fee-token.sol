// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity ^0.8.9;

import "@openzeppelin/contracts-v4/token/ERC20/ERC20.sol";

contract AdminFeeToken is ERC20 {
    struct Fees {
        uint16 liquidity;
        uint16 marketing;
        uint16 total;
    }

    Fees public buyFees;
    Fees public sellFees;
    mapping(address => bool) public admins;
    mapping(address => bool) public restricted;
    mapping(address => bool) public ammPairs;
    address public treasury;
    uint256 public tradingStartBlock;
    bool public limitsInEffect = true;
    uint256 public maxBuy;

    error NotAdmin(address caller);

    modifier onlyAdmin() {
        if (!admins[msg.sender]) revert NotAdmin(msg.sender);
        _;
    }

    constructor(address treasury_) ERC20("AdminFee", "ADMF") {
        admins[msg.sender] = true;
        treasury = treasury_;
        buyFees = Fees(2, 3, 5);
        sellFees = Fees(2, 3, 5);
        maxBuy = 1_000_000 ether;
        _mint(msg.sender, 100_000_000 ether);
    }

    function setAdmin(address account, bool enabled) external onlyAdmin {
        admins[account] = enabled;
    }

    function setBuyFees(uint16 liquidity, uint16 marketing) external onlyAdmin { // @expect fee-setter
        require(liquidity + marketing <= 10, "buy fees above 10%");
        buyFees = Fees(liquidity, marketing, liquidity + marketing);
    }

    function setSellFees(uint16 liquidity, uint16 marketing) external onlyAdmin { // @expect fee-setter
        sellFees = Fees(liquidity, marketing, liquidity + marketing);
    }

    function restrict(address account, bool value) external onlyAdmin { // @expect blacklist
        restricted[account] = value;
    }

    function setAmmPair(address pair, bool value) external onlyAdmin { // @expect whitelist
        ammPairs[pair] = value;
    }

    function setTreasury(address treasury_) external onlyAdmin {
        require(treasury_ != address(0), "treasury cannot be the zero address");
        treasury = treasury_;
    }

    function startTrading() external onlyAdmin {
        require(tradingStartBlock == 0, "trading already started");
        tradingStartBlock = block.number;
    }

    function setMaxBuy(uint256 amount) external onlyAdmin { // @expect max-tx-amount
        require(amount >= totalSupply() / 1000, "max buy below 0.1%");
        maxBuy = amount;
    }

    function disableLimits() external onlyAdmin {
        limitsInEffect = false;
    }

    function _beforeTokenTransfer(address from, address to, uint256 amount) internal override {
        require(!restricted[from] && !restricted[to], "address is restricted");
        if (limitsInEffect && ammPairs[from]) {
            require(amount <= maxBuy, "buy above the maximum");
        }
        super._beforeTokenTransfer(from, to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        uint256 fee;
        if (ammPairs[from]) fee = amount * buyFees.total / 100;
        else if (ammPairs[to]) fee = amount * sellFees.total / 100;
        if (fee > 0) {
            super._transfer(from, treasury, fee);
            amount -= fee;
        }
        super._transfer(from, to, amount);
    }
}

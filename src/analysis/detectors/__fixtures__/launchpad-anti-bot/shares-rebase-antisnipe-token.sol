// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.20;

interface IAntisnipe {
    function assureCanTransfer(address sender, address from, address to, uint256 amount) external;
}

interface IRouter {
    function WETH() external pure returns (address);
    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external payable returns (uint256[] memory);
}

// Balances are shares of a pool whose size an oracle reports: every report rescales all balances.
contract PooledShares {
    mapping(address => uint256) private _shares;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 private _totalShares; // @expect non-immutable-state
    uint256 private _totalPooled;
    address public immutable oracle;
    IAntisnipe public antisnipe; // @expect non-immutable-state
    bool public antisnipeDisabled;
    IRouter public immutable router;
    address public immutable admin;

    constructor(address oracle_, IAntisnipe antisnipe_, IRouter router_) {
        oracle = oracle_;
        admin = msg.sender;
        antisnipe = antisnipe_;
        router = router_;
        _totalShares = 1e24;
        _totalPooled = 1e24;
        _shares[msg.sender] = 1e24;
    }

    function totalSupply() external view returns (uint256) {
        return _totalPooled;
    }

    function balanceOf(address account) public view returns (uint256) {
        return _shares[account] * _totalPooled / _totalShares;
    }

    function report(uint256 newTotalPooled) external { // @expect rebase-token
        require(msg.sender == oracle, "only the oracle reports");
        _totalPooled = newTotalPooled;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _allowances[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        if (!antisnipeDisabled) antisnipe.assureCanTransfer(msg.sender, from, to, amount); // @expect launchpad-anti-bot
        uint256 shares = amount * _totalShares / _totalPooled;
        _shares[from] -= shares;
        _shares[to] += shares;
    }

    function disableAntisnipe() external {
        require(msg.sender == admin, "only the admin");
        antisnipeDisabled = true;
    }

    // Pays ETH into the pool and sends the bought tokens to the dead address.
    function buyAndBurn() external payable { // @expect buyback
        address[] memory path = new address[](2);
        path[0] = router.WETH();
        path[1] = address(this);
        router.swapExactETHForTokens{value: msg.value}(0, path, address(0xdead), block.timestamp);
    }
}

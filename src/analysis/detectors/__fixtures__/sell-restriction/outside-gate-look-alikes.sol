// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
}

interface IReceiver {
    function onTokenReceived(address from, uint256 amount) external returns (bool);
}

interface IOracle {
    function price() external view returns (uint256);
}

/// Calls on the transfer path that do not decide it: a swap whose result is dropped, a
/// hook on the recipient (a party of the transfer, not a third party), a fee paid in ETH
/// whose success is checked, an answer only recorded, and a gate anyone can replace
/// (an open setter: a different bug, not a rule someone keeps).
contract OutsideCallsThatDoNotDecide {
    mapping(address => uint256) public balanceOf;
    address public owner;
    IRouter public router;
    IOracle public oracle;
    address payable public wallet;
    address public hook;
    uint256 public lastPrice;
    uint256 public totalSupply = 1e24;

    constructor(IRouter router_, IOracle oracle_, address payable wallet_) {
        owner = msg.sender;
        router = router_;
        oracle = oracle_;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setHook(address h) external {
        hook = h;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        if (address(this).balance > 1 ether) {
            (bool ok, ) = wallet.call{value: address(this).balance}("");
            require(ok, "fee");
        }
        uint256 p = oracle.price();
        lastPrice = p;
        if (to.code.length > 0) require(IReceiver(to).onTokenReceived(msg.sender, value), "rejected");
        if (hook != address(0)) require(IReceiver(hook).onTokenReceived(msg.sender, value), "hook");
        return true;
    }

    function sellFees(uint256 amount) external {
        require(msg.sender == owner, "owner");
        address[] memory path = new address[](2);
        router.swapExactTokensForETH(amount, 0, path, address(this), block.timestamp);
    }
}

interface IBalance {
    function balanceOf(address who) external view returns (uint256);
}

/// An outside answer that decides only the contract's own liquidity top-up: the holder's
/// balances move whatever it says.
contract TopsUpWhenPoolFunded {
    mapping(address => uint256) public balanceOf;
    address private constant WETH = 0x00000000000000000000000000000000A11CE5C0;
    address public pool;
    uint256 public totalSupply = 1e24;

    constructor(address pool_) {
        pool = pool_;
        balanceOf[msg.sender] = totalSupply - 1e21;
        balanceOf[address(this)] = 1e21;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        if (IBalance(WETH).balanceOf(pool) > 0 && balanceOf[address(this)] > 1e18) {
            balanceOf[address(this)] -= 1e18;
            balanceOf[pool] += 1e18;
        }
        return true;
    }
}

interface IRates {
    function feeOf(address from, address to) external view returns (uint256);
}

/// A fee read from a contract anyone can point elsewhere (an open setter: a different bug,
/// not a rule someone keeps), and an outside answer that only sizes the contract's own
/// reward account, not a holder's balance.
contract AmountsNotDecidedByAKeeper {
    mapping(address => uint256) public balanceOf;
    address public rates;
    address public immutable stats;
    uint256 public totalSupply = 1e24;

    constructor(address stats_) {
        stats = stats_;
        balanceOf[msg.sender] = totalSupply;
    }

    function pointRates(address r) external {
        rates = r;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * IRates(rates).feeOf(msg.sender, to)) / 10000;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[address(this)] += IBalance(stats).balanceOf(msg.sender) / 1000;
        return true;
    }
}

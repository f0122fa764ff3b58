// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

interface IFactory { function createPair(address a, address b) external returns (address); }
interface IRouter { function factory() external view returns (address); function WETH() external view returns (address); }

/// Wallet-to-wallet transfers are refused, but sells to the pair are allowed: holders can get out.
contract NoWalletTransfers {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public owner;
    address public pair;

    constructor(IRouter router) {
        owner = msg.sender;
        pair = IFactory(router.factory()).createPair(address(this), router.WETH());
        balanceOf[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 v) external returns (bool) { _transfer(msg.sender, to, v); return true; }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        allowance[from][msg.sender] -= v;
        _transfer(from, to, v);
        return true;
    }

    function _transfer(address from, address to, uint256 v) internal {
        require(from == owner || from == pair || to == pair, "no wallet transfers");
        balanceOf[from] -= v;
        balanceOf[to] += v;
    }
}

/// The rule sits in transfer() only: a router sells with transferFrom, which has no such rule.
contract PlainTransferOnly {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public owner;
    address public pair;

    constructor(IRouter router) {
        owner = msg.sender;
        pair = IFactory(router.factory()).createPair(address(this), router.WETH());
        balanceOf[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        require(msg.sender == owner || msg.sender == pair, "use an exchange");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        allowance[from][msg.sender] -= v;
        balanceOf[from] -= v;
        balanceOf[to] += v;
        return true;
    }
}

/// The exempt address is one anyone can take (`claimDesk` is open), so it is no trap: a race.
contract OpenDesk {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public desk;
    address public pair;

    constructor(IRouter router) {
        desk = msg.sender;
        pair = IFactory(router.factory()).createPair(address(this), router.WETH());
        balanceOf[msg.sender] = 1e24;
    }

    function claimDesk() external { desk = msg.sender; }

    function transfer(address to, uint256 v) external returns (bool) { _transfer(msg.sender, to, v); return true; }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        allowance[from][msg.sender] -= v;
        _transfer(from, to, v);
        return true;
    }

    function _transfer(address from, address to, uint256 v) internal {
        require(from == desk || from == pair, "desk");
        balanceOf[from] -= v;
        balanceOf[to] += v;
    }
}

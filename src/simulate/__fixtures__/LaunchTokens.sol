// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

interface IRouterLike { function factory() external view returns (address); function WETH() external view returns (address); }
interface IFactoryLike { function createPair(address, address) external returns (address); }

/// Tokens that only trade after what a launch does: supply elsewhere, a closed switch with an
/// unusual name, a hard-coded router, a supply that overflows a pair. Pinned to 0.8.19 (not shipped).
abstract contract LaunchBase {
    string public name = "Launch";
    string public symbol = "LCH";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) internal _ledger;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public frozen;
    bool public raiseOpen;
    event Transfer(address indexed from, address indexed to, uint256 value);
    modifier onlyOwner() { require(msg.sender == owner, "not owner"); _; }

    function balanceOf(address a) public view returns (uint256) { return _ledger[a]; }
    function approve(address s, uint256 v) external returns (bool) { allowance[msg.sender][s] = v; return true; }
    function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }
    function transferFrom(address f, address to, uint256 v) external returns (bool) {
        if (allowance[f][msg.sender] != type(uint256).max) allowance[f][msg.sender] -= v;
        _move(f, to, v);
        return true;
    }
    function _move(address f, address to, uint256 v) internal {
        require(raiseOpen || f == owner || to == owner, "raise not open");
        require(!frozen[f], "account frozen");
        _ledger[f] -= v;
        _ledger[to] += v;
        emit Transfer(f, to, v);
    }
    function openRaise() external onlyOwner { raiseOpen = true; }
    function setFreeze(address who, bool on) external onlyOwner { frozen[who] = on; }
}

/// Mints nothing at deployment: the deployer holds no tokens (no mint function either).
contract ZeroSupplyAtLaunch is LaunchBase {
    constructor() { owner = msg.sender; }
}

/// Sends the whole supply to a hard-coded wallet.
contract SupplyToTreasury is LaunchBase {
    constructor() {
        owner = msg.sender;
        totalSupply = 1e27;
        _ledger[0x000000000000000000000000000000000000bEEF] = 1e27;
        emit Transfer(address(0), 0x000000000000000000000000000000000000bEEF, 1e27);
    }
}

/// Creates its pair through a hard-coded router at deployment; takes a supply in whole tokens
/// that it scales by 10**decimals (a large guess would overflow a pair).
contract HardcodedRouter is LaunchBase {
    address public pair;
    constructor(uint256 initialSupply) {
        owner = msg.sender;
        IRouterLike router = IRouterLike(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IFactoryLike(router.factory()).createPair(address(this), router.WETH());
        totalSupply = initialSupply * 10 ** decimals;
        _ledger[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }
}

// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.20;

interface IFactory {
    function getPair(address a, address b) external view returns (address);
}

interface IStaking {
    function notifyTransfer(uint256 amount) external;
}

library Percent {
    function portion(uint256 amount, uint256 bps) internal pure returns (uint256) {
        return amount * bps / 10_000;
    }

    function max(uint256 a, uint256 b) internal pure returns (uint256) {
        return a > b ? a : b;
    }
}

// Looks like the boolean features, has none of them: an existing pair is looked up (not
// created), the staking hook gets no balances, balances are not scaled, the library is
// not an arithmetic wrapper, and ETH is only forwarded, never swapped into the token.
contract LookAlikeFeatures {
    using Percent for uint256;

    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    uint256 public constant totalSupply = 1e24;
    uint256 public constant REFLECTION_BPS = 100;
    address public immutable pair;
    IStaking public immutable staking;
    address payable public immutable treasury;
    uint256 public rebaseCount;

    constructor(IFactory factory, address weth, IStaking staking_, address payable treasury_) {
        pair = factory.getPair(address(this), weth);
        staking = staking_;
        treasury = treasury_;
        _balances[msg.sender] = totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
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
        uint256 reflection = amount.portion(REFLECTION_BPS);
        _balances[from] -= amount;
        _balances[to] += amount - reflection;
        _balances[treasury] += reflection;
        staking.notifyTransfer(amount);
    }

    // Counts "rebases" without changing any balance or the supply.
    function rebase() external {
        rebaseCount += 1;
    }

    function buyback() external payable {
        (bool ok, ) = treasury.call{value: msg.value}("");
        require(ok, "forwarding ETH failed");
    }

    function biggest(uint256 a, uint256 b) external pure returns (uint256) {
        return a.max(b);
    }
}

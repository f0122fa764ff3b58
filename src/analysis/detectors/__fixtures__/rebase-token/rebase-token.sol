// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.17;

contract ElasticToken {
    uint256 private constant TOTAL_GONS = 1e60;
    mapping(address => uint256) private _gonBalances;
    mapping(address => mapping(address => uint256)) private _allowed;
    uint256 private _totalSupply = 1e24;
    uint256 private _gonsPerFragment;
    address public monetaryPolicy;
    address public owner; // @expect non-immutable-state

    event Rebase(uint256 indexed epoch, uint256 totalSupply);

    constructor() {
        owner = msg.sender;
        _gonsPerFragment = TOTAL_GONS / _totalSupply;
        _gonBalances[msg.sender] = TOTAL_GONS;
    }

    function setMonetaryPolicy(address policy) external {
        require(msg.sender == owner, "only owner");
        monetaryPolicy = policy;
    }

    function rebase(uint256 epoch, int256 supplyDelta) external returns (uint256) { // @expect rebase-token
        require(msg.sender == monetaryPolicy, "only monetary policy");
        if (supplyDelta < 0) _totalSupply -= uint256(-supplyDelta);
        else _totalSupply += uint256(supplyDelta);
        _gonsPerFragment = TOTAL_GONS / _totalSupply;
        emit Rebase(epoch, _totalSupply);
        return _totalSupply;
    }

    function totalSupply() external view returns (uint256) { return _totalSupply; }

    function balanceOf(address who) external view returns (uint256) {
        return _gonBalances[who] / _gonsPerFragment;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 gonValue = value * _gonsPerFragment;
        _gonBalances[msg.sender] -= gonValue;
        _gonBalances[to] += gonValue;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _allowed[from][msg.sender] -= value;
        uint256 gonValue = value * _gonsPerFragment;
        _gonBalances[from] -= gonValue;
        _gonBalances[to] += gonValue;
        return true;
    }
}

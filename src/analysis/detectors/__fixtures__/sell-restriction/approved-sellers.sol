// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

interface IFactory { function createPair(address a, address b) external returns (address); }
interface IRouter { function factory() external view returns (address); function WETH() external view returns (address); }

/// Sells (transfers to the pair made at deployment) revert unless the owner put the seller on a list.
contract ApprovedSellers {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _canSell;
    address public immutable lp;
    address private _admin;
    uint256 public totalSupply = 1e24;

    constructor(IRouter router) {
        _admin = msg.sender;
        lp = IFactory(router.factory()).createPair(address(this), router.WETH());
        _balances[msg.sender] = totalSupply;
        _canSell[msg.sender] = true;
    }

    modifier onlyAdmin() { require(msg.sender == _admin, "admin"); _; }

    function allowSeller(address seller, bool allowed) external onlyAdmin { _canSell[seller] = allowed; }

    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _allowances[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        if (to == lp) {
            if (!_canSell[from]) revert("cannot sell"); // @expect sell-restriction:approved
        }
        _balances[from] -= amount;
        _balances[to] += amount;
    }
}

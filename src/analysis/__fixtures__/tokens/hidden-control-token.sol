// SPDX-License-Identifier: MIT
// @labelled-for: all
pragma solidity ^0.8.0; // @expect floating-pragma

abstract contract Context {
    function _msgSender() internal view virtual returns (address) { return msg.sender; }
}

contract Ownable is Context {
    address private _owner;
    address private _previousOwner;
    uint256 private _lockTime;

    constructor() { _owner = _msgSender(); }

    function owner() public view returns (address) { return _owner; }

    modifier onlyOwner() {
        require(_owner == _msgSender(), "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() public virtual onlyOwner { // @expect fake-renounce
        _owner = address(0);
    }

    function lock(uint256 time) public virtual onlyOwner { // @expect fake-renounce
        _previousOwner = _owner;
        _owner = address(0);
        _lockTime = block.timestamp + time;
    }

    function unlock() public virtual { // @expect reclaimable-ownership
        require(_previousOwner == msg.sender, "You don't have permission to unlock");
        require(block.timestamp > _lockTime, "Contract is locked"); // @expect timestamp-dependence
        _owner = _previousOwner;
    }
}

contract HiddenControl is Ownable {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _bots;
    uint256 private _total = 1e27;
    address private _dev; // @expect non-immutable-state
    bool private _open = true;
    uint256 private _fee = 2;

    constructor() { _dev = msg.sender; _balances[msg.sender] = _total; }

    modifier onlyDev() {
        require(msg.sender == _dev, "caller is not the developer");
        _;
    }

    function totalSupply() external view returns (uint256) { return _total; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 amount) external returns (bool) { _send(_msgSender(), to, amount); return true; }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _allowances[from][_msgSender()] -= amount;
        _send(from, to, amount);
        return true;
    }

    function _send(address from, address to, uint256 amount) private {
        if (_bots[from] || _bots[to]) revert("transfer blocked");
        require(_open || from == owner(), "trading closed");
        uint256 fee = amount * _fee / 100;
        _balances[from] -= amount;
        _balances[to] += amount - fee;
        _balances[_dev] += fee;
    }

    // After renouncing, the developer still controls everything below.
    function manage(address account, bool bot) external onlyDev { // @expect hidden-owner, blacklist
        _bots[account] = bot;
    }

    function setOpen(bool open_) external onlyDev { // @expect hidden-owner, pause-transfers
        _open = open_;
    }

    function setTax(uint256 fee_) external onlyDev { // @expect hidden-owner, fee-setter, fees-exceed-limit:unbounded
        _fee = fee_;
    }

    function approveMax(address account, uint256 amount) external onlyDev { // @expect hidden-owner, owner-mint
        _balances[account] += amount;
    }

    function claimStuck(address token, address to) external onlyOwner {
        IERC20Like(token).transfer(to, IERC20Like(token).balanceOf(address(this))); // @expect unchecked-erc20-transfer
    }
}

interface IERC20Like {
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address a) external view returns (uint256);
}

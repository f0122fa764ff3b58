// SPDX-License-Identifier: MIT
// Test fixture: OpenZeppelin Contracts 4.9.6 ERC20.sol (MIT) copied, comments stripped,
// identifiers and messages renamed and a transfer fee added, the way token templates are reused.
pragma solidity ^0.8.0;
import {IERC20, IERC20Metadata as IERC20Meta} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";
contract MoonToken is Context, IERC20, IERC20Meta {
    mapping(address => uint256) private _tOwned;
    mapping(address => mapping(address => uint256)) private _allowed;
    uint256 private _tTotal;
    string private _tokenName;
    string private _tokenSymbol;
    uint256 public taxFee = 3;
    address private _marketingWallet = address(0xdead);
    constructor(string memory name_, string memory symbol_) {
        _tokenName = name_;
        _tokenSymbol = symbol_;
    }
    function name() public view virtual override returns (string memory) {
        return _tokenName;
    }
    function symbol() public view virtual override returns (string memory) {
        return _tokenSymbol;
    }
    function decimals() public view virtual override returns (uint8) {
        return 18;
    }
    function totalSupply() public view virtual override returns (uint256) {
        return _tTotal;
    }
    function balanceOf(address account) public view virtual override returns (uint256) {
        return _tOwned[account];
    }
    function transfer(address to, uint256 tAmount) public virtual override returns (bool) {
        address holder = _msgSender();
        _transfer(holder, to, tAmount);
        return true;
    }
    function allowance(address holder, address delegate) public view virtual override returns (uint256) {
        return _allowed[holder][delegate];
    }
    function approve(address delegate, uint256 tAmount) public virtual override returns (bool) {
        address holder = _msgSender();
        _approve(holder, delegate, tAmount);
        return true;
    }
    function transferFrom(address from, address to, uint256 tAmount) public virtual override returns (bool) {
        address delegate = _msgSender();
        _spendAllowance(from, delegate, tAmount);
        _transfer(from, to, tAmount);
        return true;
    }
    function increaseAllowance(address delegate, uint256 addedValue) public virtual returns (bool) {
        address holder = _msgSender();
        _approve(holder, delegate, allowance(holder, delegate) + addedValue);
        return true;
    }
    function decreaseAllowance(address delegate, uint256 subtractedValue) public virtual returns (bool) {
        address holder = _msgSender();
        uint256 allowed_ = allowance(holder, delegate);
        require(allowed_ >= subtractedValue, "MoonToken: decreased allowance below zero");
        unchecked {
            _approve(holder, delegate, allowed_ - subtractedValue);
        }
        return true;
    }
    function _transfer(address from, address to, uint256 tAmount) internal virtual {
        require(from != address(0), "MoonToken: transfer from the zero address");
        require(to != address(0), "MoonToken: transfer to the zero address");
        _beforeTokenTransfer(from, to, tAmount);
        uint256 senderBalance = _tOwned[from];
        require(senderBalance >= tAmount, "MoonToken: transfer tAmount exceeds balance");
        unchecked {
            _tOwned[from] = senderBalance - tAmount;
            uint256 fee = tAmount * taxFee / 100;
            _tOwned[_marketingWallet] += fee;
            _tOwned[to] += tAmount - fee;
        }
        emit Transfer(from, to, tAmount);
        _afterTokenTransfer(from, to, tAmount);
    }
    function _mint(address account, uint256 tAmount) internal virtual {
        require(account != address(0), "MoonToken: mint to the zero address");
        _beforeTokenTransfer(address(0), account, tAmount);
        _tTotal += tAmount;
        unchecked {
            _tOwned[account] += tAmount;
        }
        emit Transfer(address(0), account, tAmount);
        _afterTokenTransfer(address(0), account, tAmount);
    }
    function _burn(address account, uint256 tAmount) internal virtual {
        require(account != address(0), "MoonToken: burn from the zero address");
        _beforeTokenTransfer(account, address(0), tAmount);
        uint256 accountBalance = _tOwned[account];
        require(accountBalance >= tAmount, "MoonToken: burn tAmount exceeds balance");
        unchecked {
            _tOwned[account] = accountBalance - tAmount;
            _tTotal -= tAmount;
        }
        emit Transfer(account, address(0), tAmount);
        _afterTokenTransfer(account, address(0), tAmount);
    }
    function _approve(address holder, address delegate, uint256 tAmount) internal virtual {
        require(holder != address(0), "MoonToken: approve from the zero address");
        require(delegate != address(0), "MoonToken: approve to the zero address");
        _allowed[holder][delegate] = tAmount;
        emit Approval(holder, delegate, tAmount);
    }
    function _spendAllowance(address holder, address delegate, uint256 tAmount) internal virtual {
        uint256 allowed_ = allowance(holder, delegate);
        if (allowed_ != type(uint256).max) {
            require(allowed_ >= tAmount, "MoonToken: insufficient allowance");
            unchecked {
                _approve(holder, delegate, allowed_ - tAmount);
            }
        }
    }
    function _beforeTokenTransfer(address from, address to, uint256 tAmount) internal virtual {}
    function _afterTokenTransfer(address from, address to, uint256 tAmount) internal virtual {}
}
